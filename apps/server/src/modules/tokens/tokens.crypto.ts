import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, activation codes and reset ids. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest of a token is stored, so a leaked table grants nothing. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What hub drop-off codes are sealed for (issue 23 item 1): shown again on Purchased Labels, in mails and on the wallet pass. */
export const DROP_OFF_CODE_SEAL = 'hub-drop-off-code v1';

function sealKey(sessionSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'airbox', purpose, 32));
}

/**
 * A short secret the portal must show again (a hub drop-off code), sealed with AES-256-GCM under a
 * key derived from SESSION_SECRET for one purpose ('hub-drop-off-code v1'): a leaked table shows nothing.
 */
export function sealSecret(sessionSecret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(sessionSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The text sealSecret sealed; '' when it cannot be read (another SESSION_SECRET, a damaged value). */
export function unsealSecret(sessionSecret: string, purpose: string, sealed: string): string {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(sessionSecret, purpose), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}
