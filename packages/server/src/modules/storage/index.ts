// Public surface of the storage module (DOMAIN §2.21, §2.22, §3.10): buckets and objects over the
// files module's files, and each user's system bucket `.UserNodeData`, where other modules keep
// documents under their own keys (the node-data module: a node's data for a visitor). It counts the
// upload quota, keeps its objects' files from the sweep and tells which files a user holds in objects
// (the files module's ports).
import { LimitLocks } from '../../platform/limits/locks';
import type { Translator } from '../../platform/messages';
import { defineModule } from '../../platform/modules';
import type { FileCatalog } from '../files';
import type { IdentityService } from '../identity';
import { loadDemoStorage } from './demo';
import { objectOwnerKeys } from './migrations/0021_object_owner_keys';
import { objectTypeDerived } from './migrations/0023_object_type_derived';
import { StorageRepo } from './repo';
import { registerStorageRoutes } from './routes';
import { StorageService } from './service';

export type { StorageService } from './service';
export type { BucketsTable, ObjectsTable } from './tables';

type StorageNeeds = {
  files: FileCatalog;
  /** The download's error pages. */
  i18n: Translator;
  /** The demo's owner. */
  identity: Pick<IdentityService, 'findUserByLoginName'>;
};

export const storageModule = defineModule({
  name: 'storage',
  services: ({ db, clock, config }, { files }: StorageNeeds) => ({
    storage: new StorageService({ repo: new StorageRepo(db), files, clock, config, locks: new LimitLocks(db, clock) }),
  }),
  ports: ({ storage }) => ({ storageUsage: storage, fileReferences: storage, fileHoldings: storage }),
  routes: (app, { storage, i18n }) => registerStorageRoutes(app, storage, i18n),
  demo: [{ name: 'demo:storage', stage: 'services', load: loadDemoStorage }],
  migrations: { '0021_object_owner_keys': objectOwnerKeys, '0023_object_type_derived': objectTypeDerived },
});
