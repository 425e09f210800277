// THE EXTENSION POINT for a node site with its theme (issue 14, point 4). The node-site module decides
// who may see the site (site-state.ts) and renders every state page; once a visitor may see a node
// that has an active theme, the answer comes from a NodeSiteThemeRenderer. A later module (the
// built-in default theme, zipped theme apps through the exhibit auth file stream) contributes one to
// the `nodeSiteTheme` port; until then the placeholder below shows the node's title.
import type { Language } from '@tessera/domain';
import type { NodeRow } from '../nodes';
import { renderPage, type PageFrame } from './pages';

export type ThemedSiteRequest = {
  node: NodeRow;
  /** The path and query the visitor asked for on the node's host (a theme routes its own pages). */
  url: string;
  /** The site's origin as the visitor reached it (`http://{nodeDomain}.{BASE_DOMAIN}:{port}`), for absolute return addresses. */
  origin: string;
  language: Language;
  /** The signed-in visitor (a node-site session), or null. */
  viewer: { userId: number; username: string } | null;
  isOwner: boolean;
  /** The owner of a paused or private node sees the site; this tells the theme to say so. */
  ownerBannerKey: string | undefined;
  /** The page frame the state pages use (language switch, sign-in, the way back to the platform). */
  frame: PageFrame;
  /** The request's If-None-Match (a theme app's files answer 304 to their ETag). */
  ifNoneMatch?: string;
};

export type ThemedSiteAnswer = {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
};

export interface NodeSiteThemeRenderer {
  renderSiteWithTheme(request: ThemedSiteRequest): Promise<ThemedSiteAnswer>;
}

declare module '../../platform/modules' {
  interface ModulePorts {
    /** Renders a node site with its active theme (at most one contribution; the placeholder without). */
    nodeSiteTheme: NodeSiteThemeRenderer;
  }
}

/** Until a theme renderer exists: the node's title and a line saying its theme will show exhibits here. */
export const placeholderThemeRenderer: NodeSiteThemeRenderer = {
  async renderSiteWithTheme({ node, frame, ownerBannerKey }) {
    const body = renderPage(frame, {
      titleKey: 'nodesites.site.title',
      bodyKey: 'nodesites.site.placeholder',
      params: { nodeTitle: node.nodeTitle || node.nodeName },
      ...(ownerBannerKey ? { bannerKey: ownerBannerKey } : {}),
      tone: 'neutral',
    });
    return { status: 200, contentType: 'text/html; charset=utf-8', body };
  },
};
