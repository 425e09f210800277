// Route builders for every page path of SPEC §2.2.
//
// Rules: path ids are encoded with encodeURIComponent; query values that are undefined, null or ''
// are left out; return addresses (`goTo`, `returnUrl`) are encoded once, by the query string
// (`goTo=%2Fhome`, never `%252F`; issue 16), although the reference client encoded them twice (API.md §1.3).
// Readers still take an old twice-encoded address (web account/go-to.ts, server passport/return-url.ts).

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** '?a=1&b=2' in the order given, or '' when every value is empty. */
export function buildQueryString(params: QueryParams): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value != null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

export function withQuery(path: string, params: QueryParams): string {
  return `${path}${buildQueryString(params)}`;
}

/** The browser's current path and query, or '/' where there is no location (server, tests). */
export function currentPath(): string {
  const location = (globalThis as { location?: { pathname?: string; search?: string } }).location;
  return location?.pathname ? `${location.pathname}${location.search ?? ''}` : '/';
}

type Id = string | number;

const segment = (id: Id): string => encodeURIComponent(String(id));

/** Flags are presence flags: true is written, false is left out. */
const flag = (value: boolean | undefined): true | undefined => (value ? true : undefined);

const DEFAULT_NODE_PAGE = 'exhibit';

type GoTo = { goTo?: string | null };
type ReturnUrl = { returnUrl?: string | null };
type From = { from?: string | null };
type Version = { version?: string | null };
type ShowPage = { showPage?: string };

const fixed = (path: string) => (): string => path;

const withId =
  (base: string) =>
  (id: Id): string =>
    `${base}/${segment(id)}`;

const sidebarRoutes = (base: string) => ({
  versionInfo: (id: Id, { version }: Version = {}) => withQuery(`${base}/versionInfo/${segment(id)}`, { version }),
  info: withId(`${base}/info`),
  policy: withId(`${base}/policy`),
  contract: withId(`${base}/contract`),
  dependency: withId(`${base}/dependency`),
});

const nodeRoute =
  (base: string) =>
  (nodeID: Id, { showPage = DEFAULT_NODE_PAGE }: ShowPage = {}) =>
    withQuery(`${base}/${segment(nodeID)}`, { showPage });

const accountRoute =
  (path: string) =>
  ({ goTo }: GoTo = {}) =>
    withQuery(path, { goTo });

const exceptionRoute =
  (path: string) =>
  ({ from }: From = {}) =>
    withQuery(path, { from: from || currentPath() });

export const routes = {
  guideFreelog: fixed('/guideFreelog'),
  home: fixed('/home'),
  activities: fixed('/activities'),
  activity: withId('/activity'),
  dashboard: fixed('/dashboard'),
  /** The market's query parameters are not fixed by SPEC §2.2; any are passed through. */
  market: (query: QueryParams = {}) => withQuery('/market', query),
  examples: fixed('/examples'),

  resourceDetails: (resourceID: Id, { version }: Version = {}) =>
    withQuery(`/resource/details/${segment(resourceID)}`, { version }),
  collectionDetails: withId('/resource/collectionDetails'),
  resourceCreatorEntry: fixed('/resource/creatorEntry'),
  /** The wizard; `resourceId` resumes the draft of an unreleased resource. */
  resourceCreator: ({ resourceId }: { resourceId?: string } = {}) => withQuery('/resource/creator', { resourceId }),
  resourceCreatorBatch: fixed('/resource/creatorBatch'),
  collectionCreator: fixed('/resource/collectionCreator'),
  resourceList: fixed('/resource/list'),
  collectionList: fixed('/resource/collection'),
  collectedResources: fixed('/resource/collect'),
  resourceSidebar: sidebarRoutes('/resource/sidebar'),
  resourceVersionCreator: withId('/resource/versionCreator'),
  collectionSidebar: sidebarRoutes('/resource/collectionSidebar'),

  nodeCreator: fixed('/node/creator'),
  /** The signed-in user's nodes (ours: the console's "my nodes" list). */
  nodeList: fixed('/node/list'),
  nodeFormal: nodeRoute('/node/formal'),
  nodeExhibitFormal: withId('/node/exhibit/formal'),
  nodeCollectionExhibitFormal: (exhibitID: Id, { openAuthDrawer }: { openAuthDrawer?: boolean } = {}) =>
    withQuery(`/node/collectionExhibit/formal/${segment(exhibitID)}`, { openAuthDrawer: flag(openAuthDrawer) }),
  nodeInformal: nodeRoute('/node/informal'),
  nodeExhibitInformal: withId('/node/exhibit/informal'),
  /**
   * Ours (issue 14): where a node site's visitor signs and pays for an exhibit on the platform's origin.
   * `returnUrl` is encoded once, by the query string; the page follows it only back to the node's own site.
   */
  exhibitAuthorize: ({ nodeId, exhibitId, returnUrl }: { nodeId: Id; exhibitId: string } & ReturnUrl) =>
    withQuery('/exhibit/authorize', { nodeId, exhibitId, returnUrl }),

  /** createBucket opens the "create bucket" dialog on arrival (written `createBucket=1`). */
  storage: ({ bucketName, createBucket }: { bucketName?: string | null; createBucket?: boolean } = {}) =>
    withQuery('/storage', { bucketName, createBucket: createBucket ? 1 : undefined }),
  storageObjectDetails: ({ bucketName, objectID }: { bucketName?: string | null; objectID: Id }) =>
    withQuery('/storage', { bucketName, objectID }),

  result: {
    collectionCreateSuccess: withId('/result/collection/create/success'),
    resourceCreateSuccess: withId('/result/resource/create/success'),
    resourceVersionCreateSuccess: (resourceID: Id, version: string) =>
      `/result/resource/version/create/success/${segment(resourceID)}/${segment(version)}`,
    resourceVersionCreateRelease: (resourceID: Id, version: string) =>
      `/result/resource/version/create/release/${segment(resourceID)}/${segment(version)}`,
    nodeCreateSuccess: withId('/result/node/create/success'),
    nodeFreeze: withId('/result/node/freeze'),
    resourceFreeze: withId('/result/resource/freeze'),
    /** The end of a third-party binding or sign-in (status, provider type, reason of a failure). */
    binding: ({
      status,
      type,
      reason,
    }: { status?: 'success' | 'failure'; type?: string | null; reason?: string | null } = {}) =>
      withQuery('/result/binding', { status, type, reason }),
  },

  invitation: ({ returnUrl }: ReturnUrl = {}) => withQuery('/invitation', { returnUrl }),
  exception403: exceptionRoute('/exception/403'),
  exceptionUnableToAccess: exceptionRoute('/exception/unableToAccess'),
  search: ({ search }: { search?: string | null } = {}) => withQuery('/search', { search }),

  login: accountRoute('/login'),
  /** identityId: a third-party identity to link to the account once it is created. */
  logon: ({ goTo, identityId }: { identityId?: string | null } & GoTo = {}) =>
    withQuery('/logon', { goTo, identityId }),
  /** identityId: the third-party identity the page binds (a hex24 id). */
  bind: ({ identityId, goTo, returnUrl }: { identityId?: string | null } & GoTo & ReturnUrl = {}) =>
    withQuery('/bind', { identityId, goTo, returnUrl }),
  retrieve: accountRoute('/retrieve'),
  retrievePayPassword: fixed('/retrievePayPassword'),
  freeze: accountRoute('/freeze'),

  logged: {
    wallet: fixed('/logged/wallet'),
    reward: fixed('/logged/reward'),
    contract: fixed('/logged/contract'),
    setting: fixed('/logged/setting'),
    binding: fixed('/logged/binding'),
  },
} as const;

export type Routes = typeof routes;
