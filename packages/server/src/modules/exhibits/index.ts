// Public surface of the exhibits module (DOMAIN §2.17, §2.18, §3.4, §3.5): a node's exhibits of
// resources, their node contracts, policies, frozen trees and online status.
import type { Translator } from '../../platform/messages';
import { defineModule } from '../../platform/modules';
import type { ContractService } from '../contracts';
import type { NodeQueries } from '../nodes';
import type { PolicyCatalog } from '../policies';
import type { ResourceQueries } from '../resources';
import type { VersionService, VersionTrees } from '../versions';
import { computeFrozenTrees } from './frozen-trees';
import { exhibitsTables } from './migrations/0017_exhibits';
import { ExhibitReads } from './reads';
import { ExhibitRepo } from './repo';
import { registerExhibitRoutes } from './routes';
import { ExhibitService } from './service';

export type { ExhibitReads } from './reads';
export type { ExhibitService } from './service';
export type { PresentablePoliciesTable, PresentablesTable, PresentableVersionsTable } from './tables';

type ExhibitNeeds = {
  nodeQueries: NodeQueries;
  resourceQueries: ResourceQueries;
  versions: VersionService;
  versionTrees: VersionTrees;
  policies: PolicyCatalog;
  contracts: ContractService;
  /** Batch items' messages in the caller's language. */
  i18n: Translator;
};

export const exhibitsModule = defineModule({
  name: 'exhibits',
  services: (
    { db, clock },
    { nodeQueries, resourceQueries, versions, versionTrees, policies, contracts, i18n }: ExhibitNeeds,
  ) => {
    const repo = new ExhibitRepo(db);
    return {
      exhibits: new ExhibitService({
        repo,
        nodes: nodeQueries,
        resources: resourceQueries,
        versions,
        policies,
        contracts,
        freeze: (root, version) => computeFrozenTrees(versionTrees, null, root, version),
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
      }),
    };
  },
  routes: (app, services) => registerExhibitRoutes(app, services),
  migrations: { '0017_exhibits': exhibitsTables },
});
