// Public surface of the resources module (DOMAIN §2.5, §2.8, §2.9, §3.1): resources, their policy
// bindings, freezing (`tessera admin resource …`), the market and the type catalogue (catalogue/).
// The versions module contributes the `resourceVersions` port and records versions through
// ResourceService.recordVersion.
import type { Translator } from '../../platform/messages';
import { defineModule } from '../../platform/modules';
import type { FileCatalog } from '../files';
import type { IdentityService } from '../identity';
import type { PolicyCatalog, PolicyTextSource } from '../policies';
import { TypeCatalogue } from './catalogue/service';
import { runResourceCommand } from './cli';
import { marketSearch } from './migrations/0010_market_search';
import { marketSearchRows } from './migrations/0011_market_search_rows';
import { shortWordSearch } from './migrations/0012_short_word_search';
import { marketCounts } from './migrations/0019_market_counts';
import { resourceTranslations } from './migrations/0024_resource_translations';
import { ResourceQueries } from './queries';
import { ResourceRepo } from './repo';
import { registerResourceRoutes } from './routes';
import { ResourceService, type ResourceVersionsPort } from './service';

export {
  compileBindings,
  enabledCount,
  planBindings,
  type BindingChange,
  type BindingPlan,
  type NewBinding,
} from './bindings';
export { type TypeCatalogue } from './catalogue/service';
export { coverImagesParam, introParam, policyRequests, tagsParam, type PolicyRequest } from './inputs';
export { resourceNotFound, type LatestVersionSource, type ResourceQueries } from './queries';
export { StoredStatus, type ResourceRow } from './repo';
export type { FirstVersionWrite, RecordVersionOptions, ResourceService, ResourceVersionsPort } from './service';
export type {
  ResourceFreezeRecordsTable,
  ResourcePoliciesTable,
  ResourcesTable,
  ResourceTagsTable,
  TagCatalogueTable,
} from './tables';
export { isVisibleTo, type ResourceSummary } from './views';
export { textsForReader } from './translations';

declare module '../../platform/modules' {
  interface ModulePorts {
    /** The versions module: createBatch items' first versions and latestVersionInfo. */
    resourceVersions: ResourceVersionsPort;
  }
}

type ResourceNeeds = {
  identity: Pick<IdentityService, 'resolveUser'>;
  /** Messages of createBatch items and policy sentences in the caller's language. */
  i18n: Translator & PolicyTextSource;
  policies: PolicyCatalog;
  /** Covers of this site must be its public images. */
  files: Pick<FileCatalog, 'publicImageExts'>;
};

export const resourcesModule = defineModule({
  name: 'resources',
  services: ({ db, clock, config, ports }, { identity, i18n, policies, files }: ResourceNeeds) => {
    const repo = new ResourceRepo(db);
    const versions = ports.list('resourceVersions');
    const catalogue = new TypeCatalogue(repo);
    const resourceQueries = new ResourceQueries({ repo, policies, catalogue, config, versions });
    const resources = new ResourceService({
      repo,
      queries: resourceQueries,
      policies,
      catalogue,
      owners: { usernameOf: async (userId) => (await identity.resolveUser(String(userId))).username },
      translator: i18n,
      clock,
      versions,
      images: files,
    });
    return { catalogue, resources, resourceQueries };
  },
  routes: (app, services) => registerResourceRoutes(app, services),
  admin: {
    area: 'resource',
    summary: 'freeze and unfreeze resources',
    run: (argv, { resources }, { print }) => runResourceCommand(argv, { resources, print }),
  },
  migrations: {
    '0010_market_search': marketSearch,
    '0011_market_search_rows': marketSearchRows,
    '0012_short_word_search': shortWordSearch,
    '0019_market_counts': marketCounts,
    '0024_resource_translations': resourceTranslations,
  },
});
