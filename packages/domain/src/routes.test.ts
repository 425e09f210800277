import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildQueryString, currentPath, routes, withQuery } from './routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HEX = '650a1c2e4b0f3d9a1b2c3d4e';
const ODD_ID = 'a/b c?d';
const ODD_ID_ENCODED = 'a%2Fb%20c%3Fd';

describe('buildQueryString', () => {
  it.each([
    [{}, ''],
    [{ a: '1' }, '?a=1'],
    [{ a: '1', b: 2, c: true, d: false, e: 0 }, '?a=1&b=2&c=true&d=false&e=0'],
    [{ a: undefined, b: null, c: '' }, ''],
    [{ a: '', b: 'x', c: null }, '?b=x'],
    [{ q: 'a b&c=d/é' }, '?q=a%20b%26c%3Dd%2F%C3%A9'],
    [{ 'odd key': 'v' }, '?odd%20key=v'],
    [{ z: '1', a: '2' }, '?z=1&a=2'],
  ])('%j → %j', (params, expected) => {
    expect(buildQueryString(params)).toBe(expected);
  });

  it('appends to a path with withQuery', () => {
    expect(withQuery('/p', { a: 'x' })).toBe('/p?a=x');
    expect(withQuery('/p', { a: '' })).toBe('/p');
  });
});

describe('currentPath', () => {
  it('is / without a browser location', () => {
    expect(currentPath()).toBe('/');
  });

  it('is pathname plus search in a browser', () => {
    vi.stubGlobal('location', { pathname: '/activity/5', search: '?tab=1' });
    expect(currentPath()).toBe('/activity/5?tab=1');
  });

  it('tolerates a location without search', () => {
    vi.stubGlobal('location', { pathname: '/home' });
    expect(currentPath()).toBe('/home');
  });
});

type BuilderCase = [name: string, build: () => string, expected: string];

const BUILDER_CASES: BuilderCase[] = [
  ['guideFreelog', () => routes.guideFreelog(), '/guideFreelog'],
  ['home', () => routes.home(), '/home'],
  ['activities', () => routes.activities(), '/activities'],
  ['activity', () => routes.activity(HEX), `/activity/${HEX}`],
  ['activity with an odd id', () => routes.activity(ODD_ID), `/activity/${ODD_ID_ENCODED}`],
  ['dashboard', () => routes.dashboard(), '/dashboard'],
  ['market', () => routes.market(), '/market'],
  [
    'market with a query',
    () => routes.market({ query: '图片 素材', tags: '', type: null }),
    '/market?query=%E5%9B%BE%E7%89%87%20%E7%B4%A0%E6%9D%90',
  ],
  ['examples', () => routes.examples(), '/examples'],

  ['resourceDetails', () => routes.resourceDetails(HEX), `/resource/details/${HEX}`],
  [
    'resourceDetails with version',
    () => routes.resourceDetails(HEX, { version: '1.0.0' }),
    `/resource/details/${HEX}?version=1.0.0`,
  ],
  [
    'resourceDetails with empty version',
    () => routes.resourceDetails(HEX, { version: '' }),
    `/resource/details/${HEX}`,
  ],
  ['resourceDetails with an odd id', () => routes.resourceDetails(ODD_ID), `/resource/details/${ODD_ID_ENCODED}`],
  ['collectionDetails', () => routes.collectionDetails(HEX), `/resource/collectionDetails/${HEX}`],
  ['resourceCreatorEntry', () => routes.resourceCreatorEntry(), '/resource/creatorEntry'],
  ['resourceCreator', () => routes.resourceCreator(), '/resource/creator'],
  [
    'resourceCreator resuming',
    () => routes.resourceCreator({ resourceId: HEX }),
    `/resource/creator?resourceId=${HEX}`,
  ],
  ['resourceCreatorBatch', () => routes.resourceCreatorBatch(), '/resource/creatorBatch'],
  ['collectionCreator', () => routes.collectionCreator(), '/resource/collectionCreator'],
  ['resourceList', () => routes.resourceList(), '/resource/list'],
  ['collectionList', () => routes.collectionList(), '/resource/collection'],
  ['collectedResources', () => routes.collectedResources(), '/resource/collect'],
  ['resourceVersionCreator', () => routes.resourceVersionCreator(HEX), `/resource/versionCreator/${HEX}`],

  [
    'resourceSidebar.versionInfo',
    () => routes.resourceSidebar.versionInfo(HEX),
    `/resource/sidebar/versionInfo/${HEX}`,
  ],
  [
    'resourceSidebar.versionInfo with version',
    () => routes.resourceSidebar.versionInfo(HEX, { version: '2.1.0' }),
    `/resource/sidebar/versionInfo/${HEX}?version=2.1.0`,
  ],
  ['resourceSidebar.info', () => routes.resourceSidebar.info(HEX), `/resource/sidebar/info/${HEX}`],
  ['resourceSidebar.policy', () => routes.resourceSidebar.policy(HEX), `/resource/sidebar/policy/${HEX}`],
  ['resourceSidebar.contract', () => routes.resourceSidebar.contract(HEX), `/resource/sidebar/contract/${HEX}`],
  [
    'resourceSidebar.dependency',
    () => routes.resourceSidebar.dependency(ODD_ID),
    `/resource/sidebar/dependency/${ODD_ID_ENCODED}`,
  ],
  [
    'collectionSidebar.versionInfo',
    () => routes.collectionSidebar.versionInfo(HEX),
    `/resource/collectionSidebar/versionInfo/${HEX}`,
  ],
  [
    'collectionSidebar.versionInfo with version',
    () => routes.collectionSidebar.versionInfo(HEX, { version: '1.0.0' }),
    `/resource/collectionSidebar/versionInfo/${HEX}?version=1.0.0`,
  ],
  ['collectionSidebar.info', () => routes.collectionSidebar.info(HEX), `/resource/collectionSidebar/info/${HEX}`],
  ['collectionSidebar.policy', () => routes.collectionSidebar.policy(HEX), `/resource/collectionSidebar/policy/${HEX}`],
  [
    'collectionSidebar.contract',
    () => routes.collectionSidebar.contract(HEX),
    `/resource/collectionSidebar/contract/${HEX}`,
  ],
  [
    'collectionSidebar.dependency',
    () => routes.collectionSidebar.dependency(ODD_ID),
    `/resource/collectionSidebar/dependency/${ODD_ID_ENCODED}`,
  ],

  ['nodeCreator', () => routes.nodeCreator(), '/node/creator'],
  ['nodeList', () => routes.nodeList(), '/node/list'],
  [
    'nodeFormal defaults to the exhibit tab',
    () => routes.nodeFormal(80000000),
    '/node/formal/80000000?showPage=exhibit',
  ],
  [
    'nodeFormal with an empty options object',
    () => routes.nodeFormal('80000000', {}),
    '/node/formal/80000000?showPage=exhibit',
  ],
  [
    'nodeFormal with a tab',
    () => routes.nodeFormal(80000000, { showPage: 'theme' }),
    '/node/formal/80000000?showPage=theme',
  ],
  ['nodeExhibitFormal', () => routes.nodeExhibitFormal(HEX), `/node/exhibit/formal/${HEX}`],
  [
    'nodeCollectionExhibitFormal',
    () => routes.nodeCollectionExhibitFormal(HEX),
    `/node/collectionExhibit/formal/${HEX}`,
  ],
  [
    'nodeCollectionExhibitFormal opening the drawer',
    () => routes.nodeCollectionExhibitFormal(HEX, { openAuthDrawer: true }),
    `/node/collectionExhibit/formal/${HEX}?openAuthDrawer=true`,
  ],
  [
    'nodeCollectionExhibitFormal not opening the drawer',
    () => routes.nodeCollectionExhibitFormal(HEX, { openAuthDrawer: false }),
    `/node/collectionExhibit/formal/${HEX}`,
  ],
  [
    'nodeInformal defaults to the exhibit tab',
    () => routes.nodeInformal(80000001),
    '/node/informal/80000001?showPage=exhibit',
  ],
  [
    'nodeInformal with a tab',
    () => routes.nodeInformal(80000001, { showPage: 'mappingRule' }),
    '/node/informal/80000001?showPage=mappingRule',
  ],
  ['nodeExhibitInformal', () => routes.nodeExhibitInformal(HEX), `/node/exhibit/informal/${HEX}`],
  [
    'exhibitAuthorize',
    () => routes.exhibitAuthorize({ nodeId: 80000001, exhibitId: HEX, returnUrl: 'http://a.localhost:8080/x?y=1' }),
    `/exhibit/authorize?nodeId=80000001&exhibitId=${HEX}&returnUrl=http%3A%2F%2Fa.localhost%3A8080%2Fx%3Fy%3D1`,
  ],

  ['storage', () => routes.storage(), '/storage'],
  ['storage with a bucket', () => routes.storage({ bucketName: 'my-bucket' }), '/storage?bucketName=my-bucket'],
  [
    'storageObjectDetails',
    () => routes.storageObjectDetails({ bucketName: 'my-bucket', objectID: HEX }),
    `/storage?bucketName=my-bucket&objectID=${HEX}`,
  ],
  ['storage opening the create-bucket dialog', () => routes.storage({ createBucket: true }), '/storage?createBucket=1'],
  [
    'storageObjectDetails without a bucket',
    () => routes.storageObjectDetails({ objectID: HEX }),
    `/storage?objectID=${HEX}`,
  ],

  [
    'result.collectionCreateSuccess',
    () => routes.result.collectionCreateSuccess(HEX),
    `/result/collection/create/success/${HEX}`,
  ],
  [
    'result.resourceCreateSuccess',
    () => routes.result.resourceCreateSuccess(HEX),
    `/result/resource/create/success/${HEX}`,
  ],
  [
    'result.resourceVersionCreateSuccess',
    () => routes.result.resourceVersionCreateSuccess(HEX, '1.0.0'),
    `/result/resource/version/create/success/${HEX}/1.0.0`,
  ],
  [
    'result.resourceVersionCreateRelease',
    () => routes.result.resourceVersionCreateRelease(HEX, '1.0.0'),
    `/result/resource/version/create/release/${HEX}/1.0.0`,
  ],
  [
    'result.resourceVersionCreateRelease with odd parts',
    () => routes.result.resourceVersionCreateRelease(ODD_ID, 'a/b'),
    `/result/resource/version/create/release/${ODD_ID_ENCODED}/a%2Fb`,
  ],
  ['result.nodeCreateSuccess', () => routes.result.nodeCreateSuccess(80000000), '/result/node/create/success/80000000'],
  ['result.nodeFreeze', () => routes.result.nodeFreeze(80000000), '/result/node/freeze/80000000'],
  ['result.resourceFreeze', () => routes.result.resourceFreeze(HEX), `/result/resource/freeze/${HEX}`],
  ['result.binding', () => routes.result.binding(), '/result/binding'],

  ['invitation', () => routes.invitation(), '/invitation'],
  ['search', () => routes.search(), '/search'],
  ['search with text', () => routes.search({ search: 'a b' }), '/search?search=a%20b'],
  ['search with empty text', () => routes.search({ search: '' }), '/search'],

  ['login', () => routes.login(), '/login'],
  ['login with empty goTo', () => routes.login({ goTo: '' }), '/login'],
  ['login with null goTo', () => routes.login({ goTo: null }), '/login'],
  ['logon', () => routes.logon(), '/logon'],
  ['bind', () => routes.bind(), '/bind'],
  ['retrieve', () => routes.retrieve(), '/retrieve'],
  ['retrievePayPassword', () => routes.retrievePayPassword(), '/retrievePayPassword'],
  ['freeze', () => routes.freeze(), '/freeze'],

  ['logged.wallet', () => routes.logged.wallet(), '/logged/wallet'],
  ['logged.reward', () => routes.logged.reward(), '/logged/reward'],
  ['logged.contract', () => routes.logged.contract(), '/logged/contract'],
  ['logged.setting', () => routes.logged.setting(), '/logged/setting'],
  ['logged.binding', () => routes.logged.binding(), '/logged/binding'],
];

/** Dotted names of every builder in `routes`, e.g. 'result.binding'. */
function builderNames(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'function' ? [`${prefix}${key}`] : builderNames(value as object, `${prefix}${key}.`),
  );
}

describe('route builders', () => {
  it.each(BUILDER_CASES)('%s', (_name, build, expected) => {
    expect(build()).toBe(expected);
  });
});

describe('return addresses (goTo and returnUrl) are encoded once', () => {
  const TARGET = 'http://localhost:8080/activity/1?x=a b&y=中';
  const ONCE = encodeURIComponent(TARGET);

  const ENCODED_CASES: BuilderCase[] = [
    ['login', () => routes.login({ goTo: TARGET }), `/login?goTo=${ONCE}`],
    ['logon', () => routes.logon({ goTo: TARGET }), `/logon?goTo=${ONCE}`],
    [
      'logon with an identity to link',
      () => routes.logon({ goTo: TARGET, identityId: '0123456789abcdef01234567' }),
      `/logon?goTo=${ONCE}&identityId=0123456789abcdef01234567`,
    ],
    ['retrieve', () => routes.retrieve({ goTo: TARGET }), `/retrieve?goTo=${ONCE}`],
    ['freeze', () => routes.freeze({ goTo: TARGET }), `/freeze?goTo=${ONCE}`],
    ['invitation', () => routes.invitation({ returnUrl: TARGET }), `/invitation?returnUrl=${ONCE}`],
    ['bind', () => routes.bind({ goTo: TARGET, returnUrl: '/home' }), `/bind?goTo=${ONCE}&returnUrl=%2Fhome`],
    ['bind with returnUrl only', () => routes.bind({ returnUrl: TARGET }), `/bind?returnUrl=${ONCE}`],
    [
      'bind with a third-party identity',
      () => routes.bind({ identityId: '65e1a2b3c4d5e6f708192a3b', goTo: '/home' }),
      '/bind?identityId=65e1a2b3c4d5e6f708192a3b&goTo=%2Fhome',
    ],
    [
      'binding result',
      () => routes.result.binding({ status: 'failure', type: 'testid', reason: 'expired' }),
      '/result/binding?status=failure&type=testid&reason=expired',
    ],
  ];

  it.each(ENCODED_CASES)('%s', (_name, build, expected) => {
    expect(build()).toBe(expected);
  });

  it('gives goTo back as the query parser reads it', () => {
    expect(routes.login({ goTo: '/home' })).toBe('/login?goTo=%2Fhome');
    expect(new URL(routes.login({ goTo: TARGET }), 'http://x').searchParams.get('goTo')).toBe(TARGET);
  });

  it('never encodes a return address twice, whichever builder takes it', () => {
    const built = [
      routes.login({ goTo: TARGET }),
      routes.logon({ goTo: TARGET }),
      routes.retrieve({ goTo: TARGET }),
      routes.freeze({ goTo: TARGET }),
      routes.invitation({ returnUrl: TARGET }),
      routes.bind({ goTo: TARGET, returnUrl: TARGET }),
      routes.exhibitAuthorize({ nodeId: 1, exhibitId: 'x', returnUrl: TARGET }),
    ];
    for (const address of built) {
      expect(address).not.toMatch(/%25/);
      const query = new URL(address, 'http://x').searchParams;
      for (const name of ['goTo', 'returnUrl']) if (query.has(name)) expect(query.get(name)).toBe(TARGET);
    }
  });
});

const EXCEPTION_CASES: BuilderCase[] = [
  ['exception403 given from', () => routes.exception403({ from: '/a/b?c=1' }), '/exception/403?from=%2Fa%2Fb%3Fc%3D1'],
  [
    'exceptionUnableToAccess given from',
    () => routes.exceptionUnableToAccess({ from: '/x' }),
    '/exception/unableToAccess?from=%2Fx',
  ],
  ['exception403 without a location', () => routes.exception403(), '/exception/403?from=%2F'],
  [
    'exceptionUnableToAccess without a location',
    () => routes.exceptionUnableToAccess({}),
    '/exception/unableToAccess?from=%2F',
  ],
];

describe('exception pages default from to the current path', () => {
  it.each(EXCEPTION_CASES)('%s', (_name, build, expected) => {
    expect(build()).toBe(expected);
  });

  it.each<[string, () => string, string]>([
    ['exception403', () => routes.exception403(), '/exception/403?from=%2Fresource%2Flist%3Fpage%3D2'],
    [
      'exception403 with empty from',
      () => routes.exception403({ from: '' }),
      '/exception/403?from=%2Fresource%2Flist%3Fpage%3D2',
    ],
    [
      'exceptionUnableToAccess',
      () => routes.exceptionUnableToAccess({ from: null }),
      '/exception/unableToAccess?from=%2Fresource%2Flist%3Fpage%3D2',
    ],
    ['exception403 given from', () => routes.exception403({ from: '/other' }), '/exception/403?from=%2Fother'],
  ])('%s in a browser', (_name, build, expected) => {
    vi.stubGlobal('location', { pathname: '/resource/list', search: '?page=2' });
    expect(build()).toBe(expected);
  });
});

describe('route builder table', () => {
  it('has a case for every builder', () => {
    const tested = new Set([...BUILDER_CASES, ...EXCEPTION_CASES].map(([name]) => name.split(' ')[0]));
    expect(builderNames(routes).filter((name) => !tested.has(name))).toEqual([]);
  });
});
