import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { randomToken, sha256 } from '../tokens/tokens.crypto.js';
import { findWalletPass, findWalletPassOfUser, insertWalletPass } from './wallet-passes.repository.js';
import type { WalletPassRow } from './wallet.table.js';

/**
 * A customer's updatable pass: its random serial number and authenticationToken (43 characters,
 * 256 bits). The token is stored as its SHA-256, which a device's `Authorization: ApplePass …` is
 * checked against in constant time, and sealed with AES-256-GCM under a key derived from
 * SESSION_SECRET, so the portal can build the same pass again (Apple lets every field change but
 * the serial number and the token). Like the locker QR code, a new SESSION_SECRET voids it.
 */

export interface WalletPassIdentity {
  serialNumber: string;
  authenticationToken: string;
  /** The pass's update tag and Last-Modified: whole seconds. */
  updatedAt: Date;
}

function sealKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'airbox', 'wallet-pass-token v1', 32));
}

export function sealToken(sessionSecret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function unsealToken(sessionSecret: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(sessionSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** A pass's update time: the next whole second, and at least a second after its last one. */
export function nextUpdateTime(now: Date, previous: Date | undefined): Date {
  const ceiled = Math.ceil(now.getTime() / 1000) * 1000;
  return new Date(previous ? Math.max(ceiled, previous.getTime() + 1000) : ceiled);
}

function identityOf(sessionSecret: string, row: WalletPassRow): WalletPassIdentity {
  return { serialNumber: row.serial_number, authenticationToken: unsealToken(sessionSecret, row.auth_token_sealed), updatedAt: new Date(toIso(row.updated_at)) };
}

/** The user's updatable pass, made on the first download. */
export async function ensureWalletPass(db: Db, config: Pick<AppConfig, 'sessionSecret' | 'clock'>, userId: number): Promise<WalletPassIdentity> {
  const existing = await findWalletPassOfUser(db, userId);
  if (existing) return identityOf(config.sessionSecret, existing);
  const token = randomToken();
  const now = config.clock();
  await insertWalletPass(db, {
    serial_number: `ab-${randomBytes(18).toString('base64url')}`,
    user_id: userId,
    auth_token_hash: sha256(token),
    auth_token_sealed: sealToken(config.sessionSecret, token),
    created_at: now.toISOString(),
    updated_at: nextUpdateTime(now, undefined).toISOString(),
  });
  // Two first downloads at once: both get the one row that won.
  const row = await findWalletPassOfUser(db, userId);
  if (!row) throw new Error(`wallet pass of user ${userId} not kept`);
  return identityOf(config.sessionSecret, row);
}

/** What a device says in `Authorization: ApplePass <token>`. */
const APPLE_PASS = /^ApplePass ([\x21-\x7e]{16,256})$/;
/** Compared when no pass has the serial, so the time says nothing about which serials exist. */
const NO_PASS_HASH = sha256('no pass has this serial number');

/** The pass of this serial number when the header carries its token; undefined otherwise. */
export async function authorizedWalletPass(db: Db, serialNumber: string, authorization: string | undefined): Promise<WalletPassRow | undefined> {
  const row = await findWalletPass(db, serialNumber);
  const presented = APPLE_PASS.exec(authorization ?? '')?.[1];
  const expected = Buffer.from(row?.auth_token_hash ?? NO_PASS_HASH, 'hex');
  const given = Buffer.from(sha256(presented ?? ''), 'hex');
  const matches = timingSafeEqual(expected, given);
  return row && presented && matches ? row : undefined;
}
