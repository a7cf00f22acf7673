import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * Where the app's query client lives. QueryLayout (lazy: every screen but login is inside it)
 * makes it once per app and keeps it in the holder AppProvider gives (the public screens and the
 * signed-in ones are in two branches of the routes, each with its QueryLayout). Only TanStack
 * Query's types are imported here: the login screen, the first page, carries none of its code.
 */
export type QueryClientHolder = { current?: QueryClient };

export const QueryClientHolderContext = createContext<QueryClientHolder | null>(null);

let appQueryClient: QueryClient | undefined;
let waiting: ((client: QueryClient) => void)[] = [];

/**
 * Makes the app's query client known to code outside React: the router's loaders start a
 * screen's calls in it (app/routes/dashboard-data.ts). Called by QueryLayout on each render.
 */
export function registerAppQueryClient(client: QueryClient): void {
  if (appQueryClient === client) return;
  appQueryClient = client;
  const pending = waiting;
  waiting = [];
  // After the render that registers it: a fetch started here must not touch React mid-render.
  for (const run of pending) queueMicrotask(() => run(client));
}

/**
 * Runs `start` with the app's query client: at once, or as soon as QueryLayout has made it (a
 * page opened on a signed-in screen runs the router's first loaders before React renders them).
 */
export function withAppQueryClient(start: (client: QueryClient) => void): void {
  if (appQueryClient) start(appQueryClient);
  else waiting.push(start);
}

/** The app is gone (a test's): the next one's loaders wait for its own client. */
export function forgetAppQueryClient(): void {
  appQueryClient = undefined;
  waiting = [];
}
