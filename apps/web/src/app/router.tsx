import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTER_BASENAME, paths } from '../config/paths';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './route-handle';
import type { AccountScreen } from './routes/account';
import { PageLoading } from './routes/page-loading';
import { LoginRoute } from './routes/login';
import { RouteError } from './routes/route-error';
import { loadDashboardData, loadDashboardRoute, loadQueryLayout, loadScreenError, loadSignedInLayout } from './routes/signed-in-chunks';

/**
 * A signed-in screen, loaded on demand with an error boundary of its own (ScreenError): a screen
 * that fails is replaced by a Retry inside the layout. A screen whose code cannot be loaded (a
 * deploy since the page opened) goes to the root's error page, which reloads.
 */
function signedInScreen(path: string, title: string, load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => {
      const [Component, { ScreenError }] = await Promise.all([load(), loadScreenError()]);
      return { Component, ErrorBoundary: ScreenError };
    },
  };
}

/** Every screen but login is inside the query layout: the query client and the calls' progress bar. */
const loadQueryLayoutRoute = async () => ({ Component: (await loadQueryLayout()).QueryLayout });

/** A signed-in account screen of spec 03, loaded through routes/account (its chunk holds the screens' preload lists). */
const accountScreen = (path: string, title: string, screen: AccountScreen) =>
  signedInScreen(path, title, async () => (await import('./routes/account')).loadAccountScreen(screen));

/**
 * Every route of spec 01 §2. The login screen is in the first bundle; every other screen, the
 * query layout around them and the signed-in layout load on demand. A screen opened without
 * signing in is named in public-screens.json (vite.config.ts's chunks), so that it loads none of
 * the signed-in shell's chunk.
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
        element: <PublicLayout />,
        children: [
          { path: paths.login.path, handle: { background: 'Login' } satisfies RouteHandle, element: <LoginRoute /> },
          {
            lazy: loadQueryLayoutRoute,
            children: [
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
              {
                path: paths.adminApp.path,
                handle: { background: paths.adminApp.name } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/external-app')).AdminAppRoute }),
              },
              {
                path: paths.tabletApp.path,
                handle: { background: paths.tabletApp.name } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/external-app')).TabletAppRoute }),
              },
            ],
          },
        ],
      },
      {
        lazy: loadQueryLayoutRoute,
        children: [
          {
            path: paths.showQrCode.path,
            lazy: async () => ({ Component: (await import('./routes/show-qr-code')).ShowQrCodeRoute }),
          },
          {
            path: paths.track.path,
            lazy: async () => ({ Component: (await import('./routes/track')).TrackRoute }),
          },
          {
            path: paths.pickupShare.path,
            lazy: async () => ({ Component: (await import('./routes/pickup-share')).PickupShareRoute }),
          },
          {
            lazy: async () => ({ Component: (await loadSignedInLayout()).SignedInLayout }),
            children: [
              {
                ...signedInScreen(paths.dashboard.path, paths.dashboard.title, async () => (await loadDashboardRoute()).DashboardRoute),
                // Runs alongside the lazy code (a loader given here, not by lazy, does not wait for it):
                // the dashboard's calls start with its chunks instead of after them. It waits for
                // nothing; a failure to load the prefetch's small chunk leaves the calls to the screen.
                loader: () => {
                  void loadDashboardData().then(({ prefetchDashboardData }) => prefetchDashboardData(), () => undefined);
                  return null;
                },
              },
              { path: paths.parent.path, element: <Navigate to={paths.parent.getHref()} replace /> },
              accountScreen(paths.parentBoxId.path, paths.parentBoxId.title, 'boxId'),
              accountScreen(paths.parentQrCode.path, paths.parentQrCode.title, 'qrCode'),
              accountScreen(paths.parentProfile.path, paths.parentProfile.title, 'profile'),
              { path: paths.shipmentParent.path, element: <Navigate to={paths.shipmentParent.getHref()} replace /> },
              {
                // My Shipments' tabs around its lists (routes/my-shipments.tsx).
                lazy: async () => ({ Component: (await import('./routes/my-shipments')).MyShipmentsLayout }),
                children: [
                  accountScreen(paths.shipments.path, paths.shipments.title, 'shipments'),
                  accountScreen(paths.myOrders.path, paths.myOrders.title, 'myOrders'),
                  accountScreen(paths.myPickups.path, paths.myPickups.title, 'myPickups'),
                  accountScreen(paths.labelBatches.path, paths.labelBatches.title, 'labelBatches'),
                ],
              },
              signedInScreen(paths.labelPurchase.path, paths.labelPurchase.title, async () => (await import('./routes/label-purchase')).LabelPurchaseRoute),
              accountScreen(paths.buyMembership.path, paths.buyMembership.title, 'buyMembership'),
              accountScreen(paths.transaction.path, paths.transaction.title, 'transaction'),
              accountScreen(paths.membership.path, paths.membership.title, 'membership'),
              accountScreen(paths.message.path, paths.message.title, 'message'),
              accountScreen(paths.myContacts.path, paths.myContacts.title, 'contacts'),
              signedInScreen(paths.paySuccess.path, paths.paySuccess.title, async () => (await import('./routes/pay-result')).PaySuccessRoute),
              signedInScreen(paths.payCancel.path, paths.payCancel.title, async () => (await import('./routes/pay-result')).PayCancelRoute),
              signedInScreen(paths.payDeclined.path, paths.payDeclined.title, async () => (await import('./routes/pay-result')).PayDeclinedRoute),
              signedInScreen(paths.payPending.path, paths.payPending.title, async () => (await import('./routes/pay-result')).PayPendingRoute),
              signedInScreen('*', 'Page not found', async () => (await import('./routes/not-found')).NotFoundRoute),
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes, { basename: ROUTER_BASENAME });
