// The node site's theme (the `nodeSiteTheme` port of the node-site module): a node whose active theme
// exhibit is a zipped theme app is answered by that app (theme-app.ts); every other node — no active
// theme, a theme exhibit gone or offline, an app that declines — by the built-in default theme.
import type { ExhibitSiteContent } from '../exhibits';
import type { NodeSiteThemeRenderer, ThemedSiteAnswer, ThemedSiteRequest } from '../nodesites';
import type { ActiveTheme, ThemeAppSite } from './theme-app';

export type SiteThemeDeps = {
  exhibits: Pick<ExhibitSiteContent, 'find'>;
  defaultTheme: NodeSiteThemeRenderer;
  /** null: no theme apps (every node shows the default theme). */
  themeApp: ThemeAppSite | null;
};

export class SiteThemeRenderer implements NodeSiteThemeRenderer {
  readonly #deps: SiteThemeDeps;

  constructor(deps: SiteThemeDeps) {
    this.#deps = deps;
  }

  async renderSiteWithTheme(request: ThemedSiteRequest): Promise<ThemedSiteAnswer> {
    const theme = this.#deps.themeApp ? await this.activeTheme(request) : undefined;
    const answer = theme && this.#deps.themeApp ? await this.#deps.themeApp.render(request, theme) : null;
    return answer ?? this.#deps.defaultTheme.renderSiteWithTheme(request);
  }

  /** The node's active theme exhibit when it is online and of a theme type; undefined otherwise. */
  async activeTheme({ node }: ThemedSiteRequest): Promise<ActiveTheme | undefined> {
    if (node.nodeThemeId === '') return undefined;
    const exhibit = await this.#deps.exhibits.find(node.nodeId, node.nodeThemeId);
    if (!exhibit || exhibit.onlineStatus !== 1 || !(exhibit.resourceType[0] ?? '').startsWith('theme'))
      return undefined;
    const { nodeId, exhibitId, exhibitName, resourceId, resourceName, resourceType, version } = exhibit;
    return { nodeId, exhibitId, exhibitName, resourceId, resourceName, resourceType, version };
  }
}
