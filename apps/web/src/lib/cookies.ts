import { DAY_MS } from '@airbox/contract';

/**
 * The readable cookies (the session's hints, the theme's colour and mode), read and written as
 * js-cookie did: names and values percent-encoded, read back decoded, `expires` in days. Its
 * 0.7 KB gzipped was on the login route (issue 24); the tests still use js-cookie on the same
 * cookies.
 */
export interface CookieOptions {
  path?: string;
  /** Days from now; negative removes the cookie. A session cookie without it. */
  expires?: number;
  sameSite?: 'lax' | 'strict';
}

/** Percent-escapes decoded; a value that does not decode is kept as written. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The cookies as last read, kept until the current task's microtasks have run: each read of
 * `document.cookie` asks the browser's network process for them, and a screen's first render
 * reads the session's hints in every date it shows (issue 24: 0.1 s of a cold dashboard's
 * render, unthrottled). A write through this module drops them at once.
 */
let snapshot: Readonly<Record<string, string>> | undefined;

/** Every cookie the page can read, by name (the first of a name written twice, as the browser lists them). */
export function readCookies(): Readonly<Record<string, string>> {
  if (snapshot) return snapshot;
  const cookies: Record<string, string> = {};
  const text = document.cookie;
  for (const pair of text ? text.split('; ') : []) {
    const at = pair.indexOf('=');
    const name = decode(pair.slice(0, at));
    if (at > 0 && !(name in cookies)) cookies[name] = decode(pair.slice(at + 1));
  }
  snapshot = Object.freeze(cookies);
  queueMicrotask(() => {
    snapshot = undefined;
  });
  return snapshot;
}

export function getCookie(name: string): string | undefined {
  return readCookies()[name];
}

export function setCookie(name: string, value: string, { path = '/', expires, sameSite }: CookieOptions = {}): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}`;
  if (expires !== undefined) cookie += `; expires=${new Date(Date.now() + expires * DAY_MS).toUTCString()}`;
  if (sameSite) cookie += `; samesite=${sameSite}`;
  document.cookie = cookie;
  snapshot = undefined;
}

export function removeCookie(name: string, path = '/'): void {
  setCookie(name, '', { path, expires: -1 });
}
