/**
 * The code a customer needs right after LOGIN: the query layout, the signed-in layout, the dashboard screen, its
 * calls' prefetch and the screens' error boundary. The router loads them through these functions, and the login
 * screen fetches them ahead while its form is filled in (preloadSignedInShell), so that signing
 * in no longer waits on some 25 chunks loaded one level of imports after another. They stay out
 * of the first page's JavaScript (the login route's budget): `import()` fetches them on demand.
 */
export const loadQueryLayout = () => import('../layouts/query-layout');
export const loadSignedInLayout = () => import('../layouts/signed-in-layout');
export const loadDashboardRoute = () => import('./dashboard');
export const loadScreenError = () => import('./screen-error');
/** Its own small chunk: in the first page it would carry the dashboard's calls onto the login route (2.5 KB). */
export const loadDashboardData = () => import('./dashboard-data');

/**
 * Fetches the signed-in shell's chunks (and, through their imports, everything they need) once the
 * browser is idle after the first paint, so the login screen itself shows and answers first. A
 * failure is ignored here: the route loads the chunk again when it is opened, and says so then.
 * Answers a function that cancels a preload not started yet.
 */
export function preloadSignedInShell(): () => void {
  const preload = () => void Promise.all([loadQueryLayout(), loadSignedInLayout(), loadDashboardRoute(), loadDashboardData(), loadScreenError()]).catch(() => undefined);
  // Safari has no requestIdleCallback: a moment after the first paint is the next best thing.
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(preload, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(preload, 300);
  return () => window.clearTimeout(timer);
}
