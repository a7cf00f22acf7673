import type { PublicRouteName } from '../config/paths';
import { useMatches } from 'react-router';

/** What a route tells its layout: the public background, or the signed-in page title. */
export interface RouteHandle {
  background?: PublicRouteName;
  title?: string;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return {};
}
