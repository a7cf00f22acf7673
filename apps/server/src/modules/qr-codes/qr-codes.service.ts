import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { QR_RESET_COOLDOWN_MS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { findUserByBoxId } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { bumpQrCodeVersion, ensureQrCode, findQrCode } from './qr-codes.repository.js';

/**
 * The locker QR code (spec 03 §2 /parent/QRcode): `AIRBOX:{AirBox ID}:{token}`. The token is an
 * HMAC over the AirBox ID, the PIN and the user's QR version with a key derived from
 * SESSION_SECRET, so a locker holding the key can check a code without the PIN being readable in
 * it. A reset bumps the version: the old code stops verifying. A new PIN or AirBox ID changes the
 * code too.
 */
export const QR_PREFIX = 'AIRBOX';
const QR_PATTERN = /^AIRBOX:(\d{7}):([A-Za-z0-9_-]{22})$/;

/** The QR key, derived from the session secret for this one purpose. */
export function qrCodeKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'airbox', 'locker-qr-code v1', 32));
}

/** 128 bits of HMAC-SHA256 over the AirBox ID, PIN and version, base64url (22 characters). */
export function qrCodeToken(key: Buffer, code: { boxId: string; pin: string; version: number }): string {
  return createHmac('sha256', key)
    .update(`${code.boxId}\n${code.pin}\n${code.version}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function qrCodeText(key: Buffer, code: { boxId: string; pin: string; version: number }): string {
  return `${QR_PREFIX}:${code.boxId}:${qrCodeToken(key, code)}`;
}

export interface LockerQrCode {
  qrcode: string;
  boxid: string;
  /** When the next reset is allowed (ISO), or null when it is allowed now. */
  nextResetAt: string | null;
}

function nextResetAt(resetAt: Date | string | null, now: Date): string | null {
  if (resetAt === null) return null;
  const next = new Date(toIso(resetAt)).getTime() + QR_RESET_COOLDOWN_MS;
  return next > now.getTime() ? new Date(next).toISOString() : null;
}

/** The user's current QR code. */
export async function currentQrCode(db: Db, sessionSecret: string, user: UserRow, now: Date): Promise<LockerQrCode> {
  const row = await findQrCode(db, user.user_id);
  return {
    qrcode: qrCodeText(qrCodeKey(sessionSecret), { boxId: user.box_id, pin: user.pin, version: row?.version ?? 1 }),
    boxid: user.box_id,
    nextResetAt: nextResetAt(row?.reset_at ?? null, now),
  };
}

/**
 * Issues a new QR code (the old one stops verifying), unless the last reset was less than
 * QR_RESET_COOLDOWN_MS ago: then the code stays as it is and the answer is 'locked'.
 */
export async function resetQrCode(
  db: Db,
  sessionSecret: string,
  user: UserRow,
  now: Date,
): Promise<{ kind: 'reset' | 'locked'; code: LockerQrCode }> {
  await ensureQrCode(db, user.user_id);
  const lockedSince = new Date(now.getTime() - QR_RESET_COOLDOWN_MS).toISOString();
  const bumped = await bumpQrCodeVersion(db, user.user_id, now.toISOString(), lockedSince);
  return { kind: bumped ? 'reset' : 'locked', code: await currentQrCode(db, sessionSecret, user, now) };
}

export interface VerifiedQrCode {
  userId: number;
  boxId: string;
}

/**
 * What a locker calls with the text it scanned: the owner when the code is the user's current
 * one (right AirBox ID, PIN and version), else null. Compares in constant time.
 */
export async function verifyLockerQrCode(db: Db, sessionSecret: string, text: string): Promise<VerifiedQrCode | null> {
  const match = QR_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, boxId = '', token = ''] = match;
  const user = await findUserByBoxId(db, boxId);
  if (!user) return null;
  const row = await findQrCode(db, user.user_id);
  const expected = Buffer.from(qrCodeToken(qrCodeKey(sessionSecret), { boxId, pin: user.pin, version: row?.version ?? 1 }));
  const presented = Buffer.from(token);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  return { userId: user.user_id, boxId };
}
