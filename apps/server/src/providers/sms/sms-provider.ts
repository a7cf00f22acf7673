/** A text message to a phone. */
export interface SmsMessage {
  /** E.164 (+14155550134). */
  to: string;
  body: string;
}

/** A text the provider made: its id (Twilio's SM…, the simulator's own). */
export interface SentText {
  sid: string;
}

/** What a look-up for a text whose answer was lost knows of it. */
export interface SentTextLookup {
  message: SmsMessage;
  /** The text's key, as given to send(). */
  key: string;
  /** Its first try, by this server's clock: the provider made it no earlier (give or take the two clocks' difference). */
  since: Date;
  /** Ids of other texts to the same phone: never this one. */
  claimed: ReadonlySet<string>;
}

/**
 * The provider answered that it made no message (Twilio's 4xx: a refused number, bad
 * credentials, too many requests): sending the text again cannot make it twice.
 */
export class TextRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'TextRefusedError';
  }
}

/**
 * Sends text messages: the outbox simulator by default, a Twilio-compatible API with
 * SMS_PROVIDER=twilio. Neither takes an idempotency key: a job's texts are sent once by
 * recording each under its key before sending and looking up those whose answer was lost
 * (modules/texts/texts.service.ts).
 */
export interface SmsProvider {
  /**
   * Sends one text; `key` names it, the same on every try (the simulator keeps one file a key).
   * Throws TextRefusedError when the provider answered that it made none; any other failure
   * (no answer, a timeout, a 5xx) leaves open whether it made one.
   */
  send(message: SmsMessage, key?: string): Promise<SentText>;
  /** The id of the text a try whose answer was lost made, or undefined when the provider has none. */
  findSent(lookup: SentTextLookup): Promise<string | undefined>;
}

/** A US number as E.164: '415-555-0134' → '+14155550134'; undefined when it is not 10 digits. */
export function usPhoneE164(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `+1${national}` : undefined;
}
