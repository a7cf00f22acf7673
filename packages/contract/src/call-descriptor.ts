import { z } from 'zod';

/**
 * The wire contract of spec 01 §7: one descriptor per call with its method, path, body encoding,
 * request schema and success response schema. The web client and the server both use these objects.
 */
export type CallEncoding = 'form' | 'json' | 'query';

export interface CallDescriptor<Req extends z.ZodType, Res extends z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly encoding: CallEncoding;
  /** Whether the call needs a signed-in session. */
  readonly signedIn: boolean;
  readonly summary: string;
  /**
   * The errorcodes of a success answer, named in errorcodes.ts. The web client returns the data
   * of such an answer and turns any other into an ApiError carrying its errorcode and message.
   */
  readonly successCodes: readonly number[];
  readonly request: Req;
  readonly response: Res;
}

/** Declares one call; the identity function keeps each descriptor's precise types. */
export function call<Req extends z.ZodType, Res extends z.ZodType>(descriptor: CallDescriptor<Req, Res>) {
  return descriptor;
}

/** Every failure answer, whatever the call: the spec's errorcode and message. */
export const apiErrorSchema = z.object({
  errorcode: z.number().int(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
