// Public surface of the files module (DOMAIN §2.23): content-addressed files, their analysis, public
// images and the sweep. Other modules use FileCatalog; they give it, through the manifest's ports,
// the files they still use (`fileReferences`), the files each user holds (`fileHoldings`: possession
// of a sha1) and the quota's measure (`storageUsage`).
import { createFileStore } from '../../platform/files/create-store';
import type { Translator } from '../../platform/messages';
import { defineModule } from '../../platform/modules';
import { FileRepo } from './repo';
import { registerFileRoutes } from './routes';
import { FileService, SWEEP_EVERY_MS } from './service';

export type { FileCatalog, FileHoldings, FileRecord, FileReferenceSource, StorageUsage } from './port';
export type { FileService, PublishedImage } from './service';
export type { FileUploadsTable, FilesTable, PublicImagesTable } from './tables';

export const filesModule = defineModule({
  name: 'files',
  // The routes translate analysis errors.
  services: ({ db, clock, config, log, ports }, _needs: { i18n: Translator }) => {
    const usage = ports.list('storageUsage');
    return {
      files: new FileService({
        repo: new FileRepo(db),
        store: createFileStore(config),
        clock,
        config,
        log,
        usage: { usedBytes: (userId) => usage.one().usedBytes(userId) },
        referenceSources: ports.list('fileReferences'),
        holdings: ports.list('fileHoldings'),
      }),
    };
  },
  routes: (app, { files, i18n }) => registerFileRoutes(app, files, i18n),
  start: ({ files }) => files.start(),
  jobs: ({ files }) => [{ name: 'files:sweep', everyMs: SWEEP_EVERY_MS, run: () => files.sweep() }],
  stop: ({ files }) => files.stop(),
});
