// Public surface of the versions module (DOMAIN §2.6, §2.7, §3.2): versions of resources, drafts,
// dependency trees, downloads. It contributes the resources module's `resourceVersions` port, keeps
// its files from the sweep (`fileReferences`) and tells which files a user holds in versions of their
// own resources (`fileHoldings`). Versions sign contracts on what they resolve through its
// `dependencyContracts` port (the contracts module, listed after it).
import type { Translator } from '../../platform/messages';
import { defineModule } from '../../platform/modules';
import type { FileCatalog, FileService } from '../files';
import type { IdentityService } from '../identity';
import type { ResourceQueries, ResourceService } from '../resources';
import { DependencySigning, type DependencyContractSigner } from './contracts';
import { loadDemoResources } from './demo';
import { versions as versionsMigration } from './migrations/0009_versions';
import { VersionRepo } from './repo';
import { registerVersionRoutes } from './routes';
import { VersionService } from './service';
import { VersionTrees } from './trees';

export type { ContractRef, ContractWriter, DependencyContractSigner, SigningSubject } from './contracts';
export type { VersionFile, VersionService } from './service';
export { DEMO_POLICIES } from './demo';
export { upcastNodesBelow, type DependencyTreeNode, type RelationNode, type VersionTrees } from './trees';
export type { ResourceVersionDraftsTable, ResourceVersionsTable } from './tables';

declare module '../../platform/modules' {
  interface ModulePorts {
    /** The contracts module: resource → resource contracts on what versions resolve. */
    dependencyContracts: DependencyContractSigner;
  }
}

type VersionNeeds = {
  files: FileCatalog & Pick<FileService, 'uploadImage'>;
  resources: ResourceService;
  resourceQueries: ResourceQueries;
  /** The download's error pages. */
  i18n: Translator;
  /** The demo's owners. */
  identity: Pick<IdentityService, 'findUserByLoginName'>;
};

export const versionsModule = defineModule({
  name: 'versions',
  services: ({ db, clock, ports }, { files, resources, resourceQueries }: VersionNeeds) => {
    const repo = new VersionRepo(db);
    const signing = new DependencySigning(ports.list('dependencyContracts'));
    return {
      versions: new VersionService({ repo, files, resources, resourceQueries, signing, clock }),
      versionTrees: new VersionTrees(repo, resourceQueries),
    };
  },
  ports: ({ versions }) => ({ resourceVersions: versions, fileReferences: versions, fileHoldings: versions }),
  routes: (app, services) => registerVersionRoutes(app, services),
  demo: [{ name: 'demo:resources', stage: 'services', load: loadDemoResources }],
  migrations: { '0009_versions': versionsMigration },
});
