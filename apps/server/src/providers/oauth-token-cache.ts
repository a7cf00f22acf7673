/**
 * An OAuth 2.0 client-credentials access token kept until shortly before it expires, shared by
 * the adapters of services that issue one (PayPal, USPS). Callers needing a token at the same
 * moment share one token request (single-flight); a failed request fails its callers and the
 * next call asks again.
 */

/** What the service's token endpoint answered. */
export interface IssuedToken {
  accessToken: string;
  /** The token's lifetime (the endpoint's `expires_in`). */
  expiresInSeconds: number;
}

export interface AccessTokenCache {
  /** The kept token, or a new one when none is kept or it is about to expire. */
  get(): Promise<string>;
  /**
   * Forgets `token` after the service refused it (HTTP 401), so the next get() asks for a new
   * one. A token already replaced is left alone: concurrent refusals of the same token make
   * one new token request, not one each.
   */
  invalidate(token: string): void;
}

export function createAccessTokenCache(
  issue: () => Promise<IssuedToken>,
  options: {
    /** The time in ms; Date.now unless a test moves it. */
    now?: () => number;
    /** A token is renewed this long before it expires, so none expires on its way to the service. */
    marginSeconds?: number;
  } = {},
): AccessTokenCache {
  const now = options.now ?? Date.now;
  const marginMs = (options.marginSeconds ?? 60) * 1000;
  let kept: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  return {
    get() {
      if (kept && kept.renewAt > now()) return Promise.resolve(kept.value);
      pending ??= issue()
        .then((issued) => {
          kept = { value: issued.accessToken, renewAt: now() + Math.max(0, issued.expiresInSeconds * 1000 - marginMs) };
          return issued.accessToken;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate(token) {
      if (kept?.value === token) kept = undefined;
    },
  };
}
