// A node whose active theme is a zipped theme app (DOMAIN §3.7, §5.9: the site loads the theme's
// package through the exhibit auth calls) is answered by a ThemeAppSite. zip-theme.ts implements it;
// index.ts passes it to the dispatcher (renderer.ts). Answering null hands the request to the
// default theme (not a theme app, its package unreadable, the visitor not authorised for it, …).
import type { ThemedSiteAnswer, ThemedSiteRequest } from '../nodesites';

/** The node's active theme exhibit, as the dispatcher found it (online, of the node, a theme type). */
export type ActiveTheme = {
  nodeId: number;
  exhibitId: string;
  exhibitName: string;
  resourceId: string;
  resourceName: string;
  resourceType: readonly string[];
  version: string;
};

export interface ThemeAppSite {
  render(request: ThemedSiteRequest, theme: ActiveTheme): Promise<ThemedSiteAnswer | null>;
}
