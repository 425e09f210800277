// Public surface of the exhibits module (DOMAIN §2.17, §2.18, §3.4, §3.5): a node's exhibits of
// resources, their node contracts, policies, frozen trees and online status.
import type { Translator } from '../../platform/messages';
import { defineModule } from '../../platform/modules';
import type { ContractReads, ContractService } from '../contracts';
import type { FileCatalog } from '../files';
import type { NodeQueries } from '../nodes';
import type { PolicyCatalog } from '../policies';
import type { ResourceQueries } from '../resources';
import type { VersionService, VersionTrees } from '../versions';
import { registerExhibitAuthRoutes } from './auth-routes';
import { loadDemoExhibits } from './demo';
import { ExhibitAuths } from './exhibit-auths';
import { computeFrozenTrees } from './frozen-trees';
import { exhibitsTables } from './migrations/0017_exhibits';
import { ExhibitReads } from './reads';
import { ExhibitRepo } from './repo';
import { ExhibitOnline, registerExhibitOnlineRoutes } from './online';
import { exhibitSubjects, offlineOnNodeDeletion } from './ports';
import { registerExhibitRoutes } from './routes';
import { ExhibitService } from './service';
import { ExhibitSiteContent } from './site-content';
import { registerExhibitSiteRoutes } from './site-routes';

export type { ExhibitReads } from './reads';
export { AuthLayers, ExhibitAuthStatus, type ExhibitChain } from './chain';
export type { ExhibitAuths } from './exhibit-auths';
export {
  computeFrozenTrees,
  freezeTree,
  thawTree,
  type FrozenAuthNode,
  type FrozenDependencyNode,
  type FrozenTrees,
} from './frozen-trees';
export { isTheme, type ExhibitOnline } from './online';
export type { ExhibitService } from './service';
export type {
  ExhibitSiteContent,
  SiteAccess,
  SiteAuth,
  SiteDependency,
  SiteExhibit,
  SiteListQuery,
} from './site-content';
export type { PresentablePoliciesTable, PresentablesTable, PresentableVersionsTable } from './tables';

type ExhibitNeeds = {
  nodeQueries: NodeQueries;
  resourceQueries: ResourceQueries;
  versions: VersionService;
  versionTrees: VersionTrees;
  policies: PolicyCatalog;
  contracts: ContractService;
  /** The auth chain's contract reads (node, resource and consumer contracts). */
  contractReads: ContractReads;
  /** fileStream's bytes. */
  files: FileCatalog;
  /** Batch items' messages in the caller's language. */
  i18n: Translator;
};

export const exhibitsModule = defineModule({
  name: 'exhibits',
  services: (
    { db, clock },
    {
      nodeQueries,
      resourceQueries,
      versions,
      versionTrees,
      policies,
      contracts,
      contractReads,
      files,
      i18n,
    }: ExhibitNeeds,
  ) => {
    const repo = new ExhibitRepo(db);
    const exhibitAuths = new ExhibitAuths({
      repo,
      versionTrees,
      resourceQueries,
      contractReads,
      contracts,
      nodeQueries,
      policies,
      translator: i18n,
    });
    return {
      exhibitAuths,
      exhibitOnline: new ExhibitOnline({
        repo,
        nodes: nodeQueries,
        chain: exhibitAuths.chain,
        clock,
        translator: i18n,
      }),
      exhibitFiles: files,
      exhibitSite: new ExhibitSiteContent({ repo, auths: exhibitAuths, files, policies }),
      exhibitSubjectSource: exhibitSubjects(repo, nodeQueries),
      exhibitNodeDeletion: offlineOnNodeDeletion(nodeQueries, clock),
      exhibitRepo: repo,
      exhibits: new ExhibitService({
        repo,
        nodes: nodeQueries,
        resources: resourceQueries,
        versions,
        policies,
        contracts,
        freeze: (root, version) => computeFrozenTrees(versionTrees, null, root, version),
        onlineSwitchCheck: exhibitAuths.switchCheck,
        translator: i18n,
        clock,
      }),
      exhibitReads: new ExhibitReads({
        repo,
        nodes: nodeQueries,
        resources: resourceQueries,
        versions,
        versionTrees,
        policies,
        authStatus: exhibitAuths.authStatuses,
        authTree: exhibitAuths.authTree,
      }),
    };
  },
  ports: ({ exhibitSubjectSource, exhibitNodeDeletion }) => ({
    exhibitSubjects: exhibitSubjectSource,
    nodeDeleted: exhibitNodeDeletion,
  }),
  routes: (app, services) => {
    registerExhibitRoutes(app, services);
    const { exhibitAuths, exhibitRepo: repo, exhibitFiles: files, resourceQueries: resources } = services;
    registerExhibitAuthRoutes(app, { auths: exhibitAuths, repo, files, resources });
    registerExhibitOnlineRoutes(app, services.exhibitOnline);
    registerExhibitSiteRoutes(app, { repo, nodes: services.nodeQueries });
  },
  demo: [{ name: 'demo:exhibits', stage: 'services', load: loadDemoExhibits }],
  migrations: { '0017_exhibits': exhibitsTables },
});
