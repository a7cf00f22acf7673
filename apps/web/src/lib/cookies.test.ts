import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
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
});
