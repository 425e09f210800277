// Public surface of the node-sites module (issue 14; DOMAIN §3.7): node sites served by this server at
// `{nodeDomain}.{BASE_DOMAIN}` and `{nodeDomain}.t.{BASE_DOMAIN}`, their state pages, single sign-on
// from the platform, and the few /v2 calls a node origin may make. A theme renderer plugs in through
// the `nodeSiteTheme` port (theme-site.ts).
import { durationMs } from '../../platform/clock';
import type { Translator } from '../../platform/messages';
import { defineModule } from '../../platform/modules';
import type { SessionLookup } from '../../platform/session';
import { useSiteHosts } from '../../platform/site-hosts';
import type { NodeQueries } from '../nodes';
import { nodeSitesTables } from './migrations/0018_node_sites';
import { NodeSiteHosts, type Users } from './node-site-hosts';
import { NodeSiteRepo } from './repo';
import { registerNodeSiteRoutes } from './routes';
import { NodeSiteSso } from './sso';

export { isNodeSiteApiCall } from './api-surface';
export type { NodeSiteThemeRenderer, ThemedSiteAnswer, ThemedSiteRequest } from './theme-site';
export { localeSwitchUrl, type PageFrame } from './pages';
export type { NodeSiteCodesTable, NodeSiteSessionsTable } from './tables';

type NodeSiteNeeds = {
  nodeQueries: NodeQueries;
  identity: Users & { lookupSession: SessionLookup };
  i18n: Translator;
};

export const nodeSitesModule = defineModule({
  name: 'nodesites',
  services: ({ db, clock, config, ports }, { nodeQueries, identity, i18n }: NodeSiteNeeds) => {
    const nodeSiteSso = new NodeSiteSso(new NodeSiteRepo(db), clock, identity.lookupSession);
    const nodeSiteHosts = new NodeSiteHosts({
      baseDomain: config.baseDomain,
      nodes: nodeQueries,
      sso: nodeSiteSso,
      users: identity,
      texts: i18n,
      theme: ports.list('nodeSiteTheme'),
    });
    return { nodeSiteSso, nodeSiteHosts };
  },
  routes: (app, { nodeSiteHosts, nodeSiteSso, nodeQueries }) => {
    useSiteHosts(app, nodeSiteHosts);
    registerNodeSiteRoutes(app, {
      hosts: nodeSiteHosts,
      sso: nodeSiteSso,
      nodes: nodeQueries,
      baseDomain: nodeSiteHosts.baseDomain,
    });
  },
  jobs: ({ nodeSiteSso }) => [
    { name: 'nodesites:sweep', everyMs: durationMs({ hours: 1 }), run: (now) => nodeSiteSso.sweep(now) },
  ],
  migrations: { '0018_node_sites': nodeSitesTables },
});
