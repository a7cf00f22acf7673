import { SESSION_MAX_AGE_MS, STORAGE_KEYS, sessionUserSchema, type SessionUser } from '@airbox/contract';
import Cookies from 'js-cookie';

/**
 * Session hints (spec 01 §3). The httpOnly session cookie set by the server is the only proof of
 * identity; these readable cookies only tell the UI who is signed in and what to show.
 */
const USER_COOKIES = Object.keys(sessionUserSchema.shape) as (keyof SessionUser)[];
const VERSION_COOKIE = 'version';
const DAY_MS = 24 * 60 * 60 * 1000;
const cookieOptions = { path: '/', expires: SESSION_MAX_AGE_MS / DAY_MS, sameSite: 'lax' } as const;

export interface SessionHints {
  userId: number;
  roleId: number;
  boxId: string;
  firstName: string;
}

export function startSession(user: SessionUser, version: string, email: string): void {
  for (const field of USER_COOKIES) {
    Cookies.set(field, String(user[field] ?? ''), cookieOptions);
  }
  Cookies.set(VERSION_COOKIE, version, cookieOptions);
  sessionStorage.setItem(STORAGE_KEYS.sessionEmail, email);
}

export function endSession(): void {
  for (const field of [...USER_COOKIES, VERSION_COOKIE]) Cookies.remove(field, { path: '/' });
  sessionStorage.clear();
}

/** Signed in means the role_id and user_id cookies are both present (spec 01 §2). */
export function readSession(): SessionHints | null {
  const userId = Number(Cookies.get('user_id'));
  const roleId = Number(Cookies.get('role_id'));
  if (!Cookies.get('user_id') || !Cookies.get('role_id') || !Number.isInteger(userId) || !Number.isInteger(roleId)) {
    return null;
  }
  return {
    userId,
    roleId,
    boxId: Cookies.get('BOXID') ?? '',
    firstName: Cookies.get('First_name') ?? '',
  };
}
