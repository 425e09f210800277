// The theme SDK run as a browser would run it (a fresh global with window, document, location, fetch):
// every call it makes is one a node's host answers (isNodeSiteApiCall, or the site's own current call),
// the exhibit's file address, and the platform's sign-and-pay page with this page as returnUrl.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isNodeSiteApiCall } from '../nodesites';
import { sdkScriptFor } from './sdk';

const NODE_ID = 80000001;
const EXHIBIT = '0123456789abcdef01234567';
const PLATFORM = 'http://localhost:8080';

type Sdk = {
  nodeId: number;
  current(): Promise<{ platformUrl: string }>;
  language(): string;
  listExhibits(options?: Record<string, unknown>): Promise<{ total: number; exhibits: { title: string }[] }>;
  getExhibit(id: string): Promise<{ exhibit: { title: string } | null; auth: { isAuth: boolean; authCode: number } }>;
  fileUrl(id: string, subFilePath?: string): string;
  signIn(): void;
  requestAuthorization(id: string, options?: { popup?: boolean }): Promise<void>;
};

const view = {
  exhibitId: EXHIBIT,
  exhibitName: 'mist',
  exhibitTitle: 'Mist',
  exhibitIntro: '',
  coverImages: [],
  tags: [],
  version: '1.0.0',
  articleInfo: { resourceType: ['image'] },
};

function loadSdk() {
  const fetched: string[] = [];
  const navigations: string[] = [];
  const opened: [string, string, string][] = [];
  const answers: Record<string, unknown> = {
    '/v2/nodeSites/current': { platformUrl: PLATFORM, viewer: null },
    [`/v2/exhibits/${NODE_ID}`]: { totalItem: 1, dataList: [view] },
    [`/v2/exhibits/${NODE_ID}/${EXHIBIT}`]: view,
    [`/v2/auths/exhibits/${NODE_ID}/${EXHIBIT}/result`]: { isAuth: false, authCode: 303, defaulterIdentityType: 4 },
  };
  const location = {
    href: `http://mist.localhost:8080/exhibits/${EXHIBIT}?x=1`,
    pathname: `/exhibits/${EXHIBIT}`,
    search: '?x=1',
    assign: (url: string) => navigations.push(url),
  };
  const window: Record<string, unknown> = {
    open: (url: string, target: string, features: string) => opened.push([url, target, features]),
  };
  const fetch = async (url: string) => {
    fetched.push(url);
    const path = url.split('?')[0] ?? '';
    return { json: async () => ({ ret: 0, errCode: 0, msg: 'success', data: answers[path] ?? null }) };
  };
  runInNewContext(sdkScriptFor({ nodeId: NODE_ID }), {
    window,
    location,
    fetch,
    document: { cookie: 'locale=en_US' },
    navigator: { languages: ['zh-CN'] },
    URLSearchParams,
  });
  return { sdk: window.Tessera as Sdk, fetched, navigations, opened };
}

describe('the theme SDK', () => {
  it('lists, reads and authorises exhibits through the node host’s own calls only', async () => {
    const { sdk, fetched } = loadSdk();
    expect(sdk.nodeId).toBe(NODE_ID);
    const list = await sdk.listExhibits({ page: 2, limit: 5, keywords: 'mist', type: 'image' });
    expect(list).toMatchObject({ total: 1, exhibits: [{ title: 'Mist' }] });
    const one = await sdk.getExhibit(EXHIBIT);
    expect(one).toMatchObject({ exhibit: { title: 'Mist' }, auth: { isAuth: false, authCode: 303 } });
    await sdk.current();
    expect(fetched[0]).toBe(
      `/v2/exhibits/${NODE_ID}?skip=5&limit=5&keywords=mist&articleResourceTypes=image&omitArticleResourceType=theme`,
    );
    for (const url of fetched) {
      const allowed =
        url === '/v2/nodeSites/current' ||
        isNodeSiteApiCall({ method: 'GET', url, routeUrl: undefined }, { nodeId: NODE_ID, test: false });
      expect(allowed, url).toBe(true);
    }
    expect(sdk.fileUrl(EXHIBIT)).toBe(`/v2/auths/exhibits/${NODE_ID}/${EXHIBIT}/fileStream`);
    expect(sdk.fileUrl(EXHIBIT, 'dir/a b.js')).toBe(
      `/v2/auths/exhibits/${NODE_ID}/${EXHIBIT}/fileStream?subFilePath=dir%2Fa+b.js`,
    );
    expect(sdk.language()).toBe('en_US');
  });

  it('sends the visitor to sign in, and to the platform’s sign-and-pay page coming back here', async () => {
    const { sdk, navigations, opened } = loadSdk();
    sdk.signIn();
    expect(navigations[0]).toBe(`/_site/sso/start?returnPath=${encodeURIComponent(`/exhibits/${EXHIBIT}?x=1`)}`);
    await sdk.requestAuthorization(EXHIBIT);
    const target = new URL(navigations[1] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${PLATFORM}/exhibit/authorize`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      nodeId: String(NODE_ID),
      exhibitId: EXHIBIT,
      returnUrl: `http://mist.localhost:8080/exhibits/${EXHIBIT}?x=1`,
    });
    await sdk.requestAuthorization(EXHIBIT, { popup: true });
    expect(opened[0]?.[2]).toBe('noopener,noreferrer');
  });
});
