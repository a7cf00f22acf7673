import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, readCookies, removeCookie, setCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  });

  it('reads what js-cookie wrote and writes what it reads, spaces, commas and accents kept', () => {
    Cookies.set('First_name', 'Zoë Ann, Jr.', { path: '/' });
    expect(getCookie('First_name')).toBe('Zoë Ann, Jr.');
    setCookie('Last_name', 'O\'Brien; Müller', { path: '/', expires: 1, sameSite: 'lax' });
    expect(Cookies.get('Last_name')).toBe('O\'Brien; Müller');
    expect(readCookies()).toMatchObject({ First_name: 'Zoë Ann, Jr.', Last_name: 'O\'Brien; Müller' });
  });

  it('keeps a value that does not decode as it is, and removes a cookie', () => {
    document.cookie = 'broken=100%zz; path=/';
    expect(getCookie('broken')).toBe('100%zz');
    removeCookie('broken');
    expect(getCookie('broken')).toBeUndefined();
  });

  it('asks the browser once a task, and again after its own write or in a later task', async () => {
    Cookies.set('user_id', '7', { path: '/' });
    await new Promise((next) => setTimeout(next));
    const reads = vi.spyOn(Document.prototype, 'cookie', 'get');
    try {
      expect([getCookie('user_id'), getCookie('user_id'), readCookies().user_id]).toEqual(['7', '7', '7']);
      expect(reads).toHaveBeenCalledTimes(1);
      setCookie('user_id', '8');
      expect(getCookie('user_id')).toBe('8');
      expect(reads).toHaveBeenCalledTimes(2);
      // Written by someone else (a server's answer, another tab): seen from the next task on.
      document.cookie = 'user_id=9; path=/';
      await new Promise((next) => setTimeout(next));
      expect(getCookie('user_id')).toBe('9');
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });
});
