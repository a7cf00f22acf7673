import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * Where the app's query client lives. QueryLayout (lazy: every screen but login is inside it)
 * keeps it in the holder AppProvider gives (the public screens and the signed-in ones are in two
 * branches of the routes, each with its QueryLayout). Only TanStack Query's types are imported
 * here: the login screen, the first page, carries none of its code.
 */
export type QueryClientHolder = { current?: QueryClient };

export const QueryClientHolderContext = createContext<QueryClientHolder | null>(null);

/** Makes a query client that tells `onServiceFailure` of a call failing without a usable answer (lib/query-client). */
export type MakeQueryClient = (onServiceFailure: () => void) => QueryClient;

let appQueryClient: QueryClient | undefined;
/** Told of a service failure: the alert, once QueryLayout has given it; failures before that wait for it. */
let reportServiceFailure: (() => void) | undefined;
let unreportedServiceFailures = 0;

function serviceFailed(): void {
  if (reportServiceFailure) reportServiceFailure();
  else unreportedServiceFailures += 1;
}

/**
 * The app's query client, made here on first use by whoever needs it first: QueryLayout as it
 * renders, or a router's loader before any screen is drawn (a page opened on the dashboard starts
 * its calls alongside its code, app/routes/dashboard-data.ts, instead of after every chunk has
 * loaded and QueryLayout has rendered). `make` is passed in so that TanStack Query's code stays in
 * the lazy chunks that call this.
 */
export function getAppQueryClient(make: MakeQueryClient): QueryClient {
  appQueryClient ??= make(serviceFailed);
  return appQueryClient;
}

/**
 * QueryLayout's side: the app's client (made now if no loader made it), and how a service failure
 * is told from now on (a failure of a call started before is told at once).
 */
export function provideAppQueryClient(make: MakeQueryClient, report: () => void): QueryClient {
  reportServiceFailure = report;
  for (; unreportedServiceFailures > 0; unreportedServiceFailures -= 1) queueMicrotask(report);
  return getAppQueryClient(make);
}

/** The app is gone (a test's): the next one makes its own client. */
export function forgetAppQueryClient(): void {
  appQueryClient = undefined;
  reportServiceFailure = undefined;
  unreportedServiceFailures = 0;
}
