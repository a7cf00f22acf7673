import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, activation codes and reset ids. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest of a token is stored, so a leaked table grants nothing. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
