import { DAY_MS, SESSION_MAX_AGE_MS, STORAGE_KEYS, type SessionUser } from '@airbox/contract';
import { readCookies, removeCookie, setCookie } from './cookies';

/**
 * Session hints (spec 01 §3). The httpOnly session cookie set by the server is the only proof of
 * identity; these readable cookies only tell the UI who is signed in and what to show.
 */
const VERSION_COOKIE = 'version';
const cookieOptions = { path: '/', expires: SESSION_MAX_AGE_MS / DAY_MS, sameSite: 'lax' } as const;

export interface SessionHints {
  userId: number;
  roleId: number;
  boxId: string;
  firstName: string;
}

/** `user` is the login answer's user, parsed by the contract's sessionUserSchema: its fields only. */
export function startSession(user: SessionUser, version: string, email: string): void {
  for (const [field, value] of Object.entries(user)) {
    setCookie(field, value === null ? '' : String(value), cookieOptions);
  }
  setCookie(VERSION_COOKIE, version, cookieOptions);
  sessionStorage.setItem(STORAGE_KEYS.sessionEmail, email);
}

/** After a profile change: the display hints that changed with it (name, e-mail, AirBox ID). */
export function updateSessionHints(changes: Partial<Pick<SessionUser, 'First_name' | 'Last_name' | 'Email' | 'BOXID'>>): void {
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) setCookie(field, value, cookieOptions);
  }
  if (changes.Email !== undefined) sessionStorage.setItem(STORAGE_KEYS.sessionEmail, changes.Email);
}

/** Clears the session's cookies (all but the theme's colour and mode) and session storage. */
export function endSession(): void {
  // The theme's colour and mode are the device's choices, not the account's: they outlive a sign-out.
  const kept: string[] = [STORAGE_KEYS.themeCookie, STORAGE_KEYS.themeModeCookie];
  for (const name of Object.keys(readCookies())) {
    if (!kept.includes(name)) removeCookie(name, '/');
  }
  sessionStorage.clear();
}

/** Signed in means the role_id and user_id cookies are both present (spec 01 §2). */
export function readSession(): SessionHints | null {
  const cookies = readCookies();
  const userId = Number(cookies.user_id);
  const roleId = Number(cookies.role_id);
  if (!cookies.user_id || !cookies.role_id || !Number.isInteger(userId) || !Number.isInteger(roleId)) {
    return null;
  }
  return {
    userId,
    roleId,
    boxId: cookies.BOXID ?? '',
    firstName: cookies.First_name ?? '',
  };
}
