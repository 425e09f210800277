// The /v2 calls a node origin may make (issue 14, point 1). A node site's pages and its theme run on
// the node's host with the visitor's node-site session; that session may only do what a site needs:
//
//   formal site  GET /v2/exhibits/{nodeId}[/…]               (not …/test…)   listing, one exhibit, its articles
//                GET /v2/auths/exhibits/{nodeId}/…            (not …/test/…)  exhibit auth: result, info, fileStream, batch
//                GET /v2/auths/presentables/nodes/{nodeId}/…                  the older exhibit auth paths by node
//   test site    GET /v2/exhibits/{nodeId}/test[/…], /v2/exhibits/test/{nodeId}[/…]
//                GET /v2/auths/exhibits/{nodeId}/test/…, /v2/auths/exhibits/test/{nodeId}/…
//                GET /v2/auths/testResources/nodes/{nodeId}/…
//   both         GET /v2/auths/{presentables|resources}/serviceStates
//                the sites' own routes (`siteRoute`: /v2/nodeSites/current, /_site/…)
//
// {nodeId} must be the host's own node, so a theme cannot read another node's data as its visitor.
// Everything else is refused: accounts, wallet, contracts, storage, the platform's node console, any
// method but GET and HEAD (signing and paying happen on the platform, in its own window). Exhibit auth
// by presentableId alone (`/v2/auths/presentables/{presentableId}/…`) names no node and is refused
// until it can be checked against the host's node.
import { routerPathOf } from '../../platform/http/requests';

type SurfaceRule = {
  /** Matches the decoded path; group 1 is the node id. */
  path: RegExp;
  /** The registered route must start with this (guards against a path the router reads otherwise). */
  route: string;
  test: boolean | 'both';
};

const N = '(\\d{1,12})';
const REST = '(?:/[^/]+)*';

const RULES: SurfaceRule[] = [
  { path: new RegExp(`^/v2/exhibits/${N}(?:/(?!test(?:/|$))[^/]+${REST})?$`), route: '/v2/exhibits/', test: false },
  {
    path: new RegExp(`^/v2/auths/exhibits/${N}/(?!test(?:/|$))[^/]+${REST}$`),
    route: '/v2/auths/exhibits/',
    test: false,
  },
  {
    path: new RegExp(`^/v2/auths/presentables/nodes/${N}/[^/]+${REST}$`),
    route: '/v2/auths/presentables/nodes/',
    test: false,
  },
  { path: new RegExp(`^/v2/exhibits/${N}/test${REST}$`), route: '/v2/exhibits/', test: true },
  { path: new RegExp(`^/v2/exhibits/test/${N}${REST}$`), route: '/v2/exhibits/test/', test: true },
  { path: new RegExp(`^/v2/auths/exhibits/${N}/test/[^/]+${REST}$`), route: '/v2/auths/exhibits/', test: true },
  { path: new RegExp(`^/v2/auths/exhibits/test/${N}/[^/]+${REST}$`), route: '/v2/auths/exhibits/test/', test: true },
  {
    path: new RegExp(`^/v2/auths/testResources/nodes/${N}/[^/]+${REST}$`),
    route: '/v2/auths/testResources/nodes/',
    test: true,
  },
];

const SERVICE_STATES = new Set(['/v2/auths/presentables/serviceStates', '/v2/auths/resources/serviceStates']);

export type SurfaceCall = {
  method: string;
  /** The request URL as received (path and query). */
  url: string;
  /** The registered route's URL pattern, when the router found one. */
  routeUrl: string | undefined;
};

/** Whether a node site (its node and whether it is the test-node site) may make this /v2 call. */
export function isNodeSiteApiCall(call: SurfaceCall, site: { nodeId: number; test: boolean }): boolean {
  if (call.method !== 'GET' && call.method !== 'HEAD') return false;
  const rawPath = call.url.split('?')[0] ?? '';
  // An encoded slash or backslash, or a dot segment, could make the router and this list read two paths.
  if (/%2f|%5c|\\/i.test(rawPath)) return false;
  const path = routerPathOf(call.url);
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  if (SERVICE_STATES.has(path)) return true;
  return RULES.some((rule) => {
    if (rule.test !== site.test) return false;
    const nodeId = rule.path.exec(path)?.[1];
    if (nodeId === undefined || Number(nodeId) !== site.nodeId) return false;
    return call.routeUrl === undefined || call.routeUrl.startsWith(rule.route);
  });
}
