/** The web app's pages come from the contract's one map, which the server writes its links from too. */
export { APP_BASE as ROUTER_BASENAME, APP_PATHS as paths, PUBLIC_SEGMENTS, type PublicRouteName } from '@airbox/contract';
