import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTER_BASENAME, paths } from '../config/paths';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './route-handle';
import type { AccountScreen } from './routes/account';
import { PageLoading } from './routes/page-loading';
import { LoginRoute } from './routes/login';
import { RouteError } from './routes/route-error';
import { ScreenError } from './routes/screen-error';

/** A signed-in screen a later issue builds: the shared "coming soon" page under its own title. */
function comingSoon(path: string, title: string): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./routes/coming-soon')).ComingSoonRoute }),
  };
}

/** A signed-in account screen of spec 03, loaded on demand through routes/account. */
function accountScreen(path: string, title: string, screen: AccountScreen): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => ({ Component: await (await import('./routes/account')).loadAccountScreen(screen) }),
  };
}

/** A signed-in screen with an error boundary of its own: when it fails, the layout around it stays. */
const withScreenError = (route: RouteObject): RouteObject => ({ ...route, ErrorBoundary: ScreenError });

/**
 * Every route of spec 01 §2. The login screen is in the first bundle; every other screen and the
 * signed-in layout load on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code loads (e.g. opening /dashboard directly).
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: paths.root.path, element: <Navigate to={paths.login.getHref()} replace /> },
      {
        path: paths.showQrCode.path,
        lazy: async () => ({ Component: (await import('./routes/show-qr-code')).ShowQrCodeRoute }),
      },
      {
        element: <PublicLayout />,
        children: [
          { path: paths.login.path, handle: { background: 'Login' } satisfies RouteHandle, element: <LoginRoute /> },
          {
            path: paths.register.path,
            handle: { background: 'Register' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/register')).RegisterPersonalRoute }),
          },
          {
            path: paths.registerEnterprise.path,
            handle: { background: 'RegisterEnterprise' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/register')).RegisterEnterpriseRoute }),
          },
          {
            path: paths.active.path,
            handle: { background: 'Active' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/active')).ActiveRoute }),
          },
          {
            path: paths.loseEfficacy.path,
            handle: { background: 'Active' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/lose-efficacy')).LoseEfficacyRoute }),
          },
          {
            path: paths.lock.path,
            handle: { background: 'Lock' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/lock')).LockRoute }),
          },
          {
            path: paths.reset.path,
            handle: { background: 'ResetPassword' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/reset')).ResetRoute }),
          },
          {
            path: paths.barcode.path,
            handle: { background: 'Barcode' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/barcode')).BarcodeRoute }),
          },
          {
            path: paths.payment.path,
            handle: { background: 'Payment' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/payment')).PaymentRoute }),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/signed-in-layout')).SignedInLayout }),
        children: [
          {
            path: paths.dashboard.path,
            handle: { title: paths.dashboard.title } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
          },
          { path: paths.parent.path, element: <Navigate to={paths.parent.getHref()} replace /> },
          accountScreen(paths.parentBoxId.path, paths.parentBoxId.title, 'boxId'),
          accountScreen(paths.parentQrCode.path, paths.parentQrCode.title, 'qrCode'),
          accountScreen(paths.parentProfile.path, paths.parentProfile.title, 'profile'),
          { path: paths.shipmentParent.path, element: <Navigate to={paths.shipmentParent.getHref()} replace /> },
          comingSoon(paths.shipments.path, paths.shipments.title),
          comingSoon(paths.myOrders.path, paths.myOrders.title),
          accountScreen(paths.buyMembership.path, paths.buyMembership.title, 'buyMembership'),
          accountScreen(paths.transaction.path, paths.transaction.title, 'transaction'),
          accountScreen(paths.membership.path, paths.membership.title, 'membership'),
          accountScreen(paths.message.path, paths.message.title, 'message'),
          accountScreen(paths.myContacts.path, paths.myContacts.title, 'contacts'),
          {
            path: paths.paySuccess.path,
            handle: { title: paths.paySuccess.title } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/pay-result')).PaySuccessRoute }),
          },
          {
            path: paths.payCancel.path,
            handle: { title: paths.payCancel.title } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/pay-result')).PayCancelRoute }),
          },
          {
            path: '*',
            handle: { title: 'Page not found' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ].map(withScreenError),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes, { basename: ROUTER_BASENAME });
