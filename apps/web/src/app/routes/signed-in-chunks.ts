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
/** Its own chunk (vite.config.ts's dashboard-data group): in the first page it would carry the dashboard's calls onto the login route. */
export const loadDashboardData = () => import('./dashboard-data');

/** What a visitor does first when they are about to sign in: touch, click, type, or move into a field. */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Fetches the signed-in shell's chunks (and, through their imports, everything they need) from
 * the visitor's first touch of the login page (a click or tap, a key, a field focused, a password
 * manager's fill included), so they load while the form is filled in. Not before: `import()` also
 * runs the modules, and the contract's schemas alone are a long task on a phone (a login page
 * scored 0.87 with the shell evaluated in its first seconds, issue 24). A failure is ignored here:
 * the route loads the chunk again when it is opened, and says so then. Answers a function that
 * stops listening.
 */
export function preloadSignedInShell(): () => void {
  const preload = () => {
    stop();
    void Promise.all([loadQueryLayout(), loadSignedInLayout(), loadDashboardRoute(), loadDashboardData(), loadScreenError()]).catch(() => undefined);
  };
  const stop = () => {
    for (const type of FIRST_INTERACTIONS) document.removeEventListener(type, preload, true);
  };
  for (const type of FIRST_INTERACTIONS) document.addEventListener(type, preload, { capture: true, passive: true });
  return stop;
}
