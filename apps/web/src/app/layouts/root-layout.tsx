import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useAlert } from '../../components/alert/alert-context';
import { ProgressBar } from '../../components/layout/progress-bar';
import { readSession } from '../../lib/session';
import { guardRedirect } from '../guard';

/** Its own component: the root layout itself must not re-render (and re-run the guard) as a navigation starts. */
function NavigationProgressBar() {
  return <ProgressBar busy={useNavigation().state !== 'idle'} />;
}

/**
 * Around every route: the navigation guard, the progress bar while the next screen loads, and the
 * rule that opening a new route closes any open alert (spec 01 §2; a layout effect, so it runs
 * before the new screen's own effects). A message about what led to a page is a toast, which stays.
 */
export function RootLayout() {
  const location = useLocation();
  const alert = useAlert();

  useLayoutEffect(() => {
    alert.close();
  }, [alert, location.pathname]);

  const redirect = guardRedirect(location, readSession());
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <>
      <NavigationProgressBar />
      <Outlet />
    </>
  );
}
