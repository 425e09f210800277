// The built-in default theme on a node's host: `/` lists the node's online exhibits (one batch auth for
// the page's badges), `/exhibits/{id}` shows one exhibit when the visitor's auth passes (all three
// layers, DOMAIN §5.4), else why not and the button that helps; any other address is the theme's 404.
// Data comes from the exhibits module in-process; default-theme/ turns it into HTML.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LANGUAGES, routes, type Language } from '@tessera/domain';
import type { TextsByKey } from '../../platform/messages';
import type { ExhibitSiteContent, SiteAccess, SiteExhibit } from '../exhibits';
import {
  localeSwitchUrl,
  type NodeSiteThemeRenderer,
  type ThemedSiteAnswer,
  type ThemedSiteRequest,
} from '../nodesites';
import {
  contentNeedOf,
  renderExhibitList,
  renderExhibitPage,
  renderNotFoundPage,
  type ThemeContent,
  type ThemePageBase,
  type ThemeTexts,
} from './default-theme';

export type DefaultThemeDeps = {
  exhibits: Pick<ExhibitSiteContent, 'find' | 'list' | 'authorise' | 'access'>;
  /** The translation texts as stored (operators' edits included); the theme's keys are read from them. */
  texts?: () => TextsByKey;
};

export const PAGE_SIZE = 20;
/** Text content (markdown, JSON, slides, licences) larger than this is not inlined. */
export const MAX_TEXT_BYTES = 2 * 1024 * 1024;
const MAX_KEYWORDS = 100;
const EXHIBIT_PATH = /^\/exhibits\/([^/]+)\/?$/;

const html = (status: number, body: string, headers: Record<string, string>): ThemedSiteAnswer => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body,
  headers,
});

export class DefaultThemeSite implements NodeSiteThemeRenderer {
  readonly #deps: DefaultThemeDeps;

  constructor(deps: DefaultThemeDeps) {
    this.#deps = deps;
  }

  async renderSiteWithTheme(request: ThemedSiteRequest): Promise<ThemedSiteAnswer> {
    const address = new URL(request.url, 'http://site.invalid');
    const nonce = randomBytes(16).toString('base64');
    const headers = {
      'cache-control': 'private, no-store',
      'content-security-policy': contentSecurityPolicy(nonce),
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    };
    const base = pageBase(request, address, this.#deps.texts && themeTextsOf(this.#deps.texts()));
    if (address.pathname === '/') return html(200, await this.#list(request, base, address.searchParams), headers);
    const exhibitId = EXHIBIT_PATH.exec(address.pathname)?.[1];
    const page = exhibitId === undefined ? undefined : await this.#exhibitPage(request, base, exhibitId, nonce);
    return page === undefined ? html(404, renderNotFoundPage(base), headers) : html(200, page, headers);
  }

  async #list(request: ThemedSiteRequest, base: ThemePageBase, query: URLSearchParams): Promise<string> {
    const { node } = request;
    const keywords = (query.get('keywords') ?? '').trim().slice(0, MAX_KEYWORDS);
    const type = (query.get('type') ?? '').trim().slice(0, MAX_KEYWORDS);
    const page = Math.max(1, Math.min(100_000, Math.floor(Number(query.get('page') ?? '1')) || 1));
    const { totalItems, exhibits } = await this.#deps.exhibits.list(node.nodeId, {
      keywords,
      type,
      skip: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    });
    const auths = await this.#deps.exhibits.authorise(
      node.nodeId,
      exhibits.map((exhibit) => exhibit.exhibitId),
      request.viewer?.userId ?? null,
    );
    return renderExhibitList({
      ...base,
      exhibits: exhibits.map((exhibit) => {
        const auth = auths.get(exhibit.exhibitId);
        return {
          exhibitId: exhibit.exhibitId,
          title: exhibit.title,
          resourceType: exhibit.resourceType,
          coverImages: exhibit.coverImages,
          url: `/exhibits/${exhibit.exhibitId}`,
          pricing: exhibit.pricing,
          ...(auth ? { auth } : {}),
        };
      }),
      listQuery: { keywords, type },
      paging: { page, pageSize: PAGE_SIZE, totalItems },
    });
  }

  /** The exhibit's page; undefined when the visitor may not know of it (unknown, or offline to a non-owner). */
  async #exhibitPage(
    request: ThemedSiteRequest,
    base: ThemePageBase,
    exhibitId: string,
    nonce: string,
  ): Promise<string | undefined> {
    const { node } = request;
    const exhibit = await this.#deps.exhibits.find(node.nodeId, exhibitId);
    if (!exhibit || (exhibit.onlineStatus !== 1 && !request.isOwner)) return undefined;
    const access = await this.#deps.exhibits.access(node.nodeId, exhibitId, request.viewer?.userId ?? null);
    const returnUrl = `${request.origin}${base.path}`;
    const content = access.auth.isAuth ? await contentOf(exhibit, access) : undefined;
    return renderExhibitPage({
      ...base,
      exhibit: {
        exhibitId: exhibit.exhibitId,
        title: exhibit.title,
        intro: exhibit.intro,
        resourceType: exhibit.resourceType,
        coverImages: exhibit.coverImages,
        tags: exhibit.tags,
        version: exhibit.version,
      },
      auth: access.auth,
      ...(content ? { content } : {}),
      signUrl: `${request.frame.platformUrl}${routes.exhibitAuthorize({ nodeId: node.nodeId, exhibitId, returnUrl })}`,
      script: { nonce },
    });
  }
}

/** What every page of the request shares: the node, the visitor, language links, the owner's banner. */
function pageBase(request: ThemedSiteRequest, address: URL, texts: ThemeTexts | undefined): ThemePageBase {
  const { node, frame, language } = request;
  const query = Object.fromEntries([...address.searchParams].filter(([name]) => name !== 'lang'));
  const languageUrls = Object.fromEntries(
    LANGUAGES.map((each) => [each, localeSwitchUrl(each, frame.currentPath)]),
  ) as Record<Language, string>;
  return {
    node: {
      nodeName: node.nodeName,
      nodeTitle: node.nodeTitle,
      nodeShortDescription: node.nodeShortDescription,
      nodeLogo: node.nodeLogo,
    },
    visitor: request.viewer ? { userId: request.viewer.userId, userName: request.viewer.username } : null,
    language,
    path: address.pathname,
    query,
    signInUrl: frame.signInUrl ?? '/',
    signOutUrl: frame.signOutUrl,
    languageUrls,
    ...(request.ownerBannerKey ? { banner: frame.texts.translate(request.ownerBannerKey, language) } : {}),
    ...(texts ? { texts } : {}),
  };
}

/** The theme's texts of a reading of the store, made once per reading (the store swaps the whole map on reload). */
const themeTextsCache = new WeakMap<TextsByKey, ThemeTexts>();

function themeTextsOf(all: TextsByKey): ThemeTexts {
  let texts = themeTextsCache.get(all);
  if (!texts) {
    texts = Object.fromEntries([...all].filter(([key]) => key.startsWith('nodesiteTheme.')));
    themeTextsCache.set(all, texts);
  }
  return texts;
}

/** What the authorised visitor sees, loaded by the exhibit's type (contentNeedOf). */
async function contentOf(exhibit: SiteExhibit, access: SiteAccess): Promise<ThemeContent> {
  const fileStreamUrl = `/v2/auths/exhibits/${exhibit.nodeId}/${exhibit.exhibitId}/fileStream`;
  const file = access.file;
  switch (contentNeedOf(exhibit.resourceType)) {
    case 'text': {
      const text = file && file.fileSize <= MAX_TEXT_BYTES ? await readText(await file.open()) : undefined;
      return text === undefined ? { fileStreamUrl } : { fileStreamUrl, text };
    }
    case 'items':
      return {
        fileStreamUrl,
        items: (access.dependencies ?? []).map((item) => ({
          title: item.resourceName,
          resourceType: item.resourceType,
          url: '',
        })),
      };
    case 'none':
      return file ? { fileStreamUrl, openUrl: fileStreamUrl } : { fileStreamUrl };
    case 'stream':
      return { fileStreamUrl };
  }
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The theme's own pages run one script (the slides', with this answer's nonce); styles are inline;
 * images come from the node's host (the exhibit file stream, and covers and the logo, which node hosts
 * serve like the platform) or https addresses.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
