import { STORAGE_KEYS, type SessionUser } from '@airbox/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, readCookies, removeCookie, setCookie } from './cookies';
import { endSession, readSession, startSession } from './session';

afterEach(() => {
  for (const name of Object.keys(readCookies())) removeCookie(name, '/');
});

const ROSA: SessionUser = {
  user_id: 7,
  role_id: 2,
  Status: 1,
  Email: 'rosa@example.com',
  First_name: 'Rosa',
  Last_name: 'Reyes',
  BOXID: '4150101',
  credits: 3,
  membership: null,
  membership_expire: null,
};

describe('ending a session', () => {
  it('forgets who was signed in but keeps the theme colour and mode the device chose', () => {
    startSession(ROSA, '1', ROSA.Email);
    setCookie(STORAGE_KEYS.themeCookie, 'purple', { path: '/' });
    setCookie(STORAGE_KEYS.themeModeCookie, 'dark', { path: '/' });
    expect(readSession()).not.toBeNull();

    endSession();

    expect(readSession()).toBeNull();
    expect(getCookie(STORAGE_KEYS.themeCookie)).toBe('purple');
    expect(getCookie(STORAGE_KEYS.themeModeCookie)).toBe('dark');
  });
});
