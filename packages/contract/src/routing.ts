import { ROLE, USER_STATUS } from './constants.js';

/** Where a user goes after a successful password check (spec 01 §4 and §6). */
export type LoginDestination = 'admin' | 'tablet' | 'dashboard' | 'notActivated' | 'pendingBusiness';

export function loginDestination(user: { role_id: number; Status: number }): LoginDestination {
  if (user.Status === USER_STATUS.notActivated) return 'notActivated';
  if (user.role_id === ROLE.admin) return 'admin';
  if (user.role_id === ROLE.business) {
    return user.Status === USER_STATUS.businessActive ? 'tablet' : 'pendingBusiness';
  }
  return 'dashboard';
}

/** Only these destinations get a session: the others are told why and stay signed out. */
export function destinationGetsSession(destination: LoginDestination): boolean {
  return destination === 'admin' || destination === 'tablet' || destination === 'dashboard';
}

const BASE_FOR_PARSING = 'https://portal.invalid';

/**
 * The `redirect` query parameter after login may only lead to a path inside the app. Anything
 * else — another site ('//evil', '/\\evil', 'https://evil'), a script URL, control characters or
 * encoded tricks — gives null, and the caller uses its default.
 */
export function safeRedirectPath(redirect: string | null | undefined): string | null {
  if (!redirect || redirect.length > 2048) return null;
  let decoded = redirect;
  // Look at every decoding layer, as written and with its dot segments resolved:
  // '%2F%2Fevil' must fail like '//evil', and '/..//evil' or '/%2e%2e//evil' like '//evil'.
  for (let layer = 0; layer < 3; layer += 1) {
    if (!isPlainAppPath(decoded) || !isPlainAppPath(new URL(decoded, BASE_FOR_PARSING).pathname)) return null;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const url = new URL(redirect, BASE_FOR_PARSING);
  if (url.origin !== BASE_FOR_PARSING || !isPlainAppPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isPlainAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  if (path.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f\s]/.test(path);
}
