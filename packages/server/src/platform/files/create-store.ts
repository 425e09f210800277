// STUB (to be replaced by the file-store work): picks the driver named by config.filesUrl.
import type { Config } from '../config';
import type { FileStore } from './file-store';

export function createFileStore(config: Config): FileStore {
  const missing = async (): Promise<never> => {
    throw new Error(`file store not implemented yet (${config.filesUrl ?? 'default'})`);
  };
  return { kind: 'local', write: missing, read: missing, exists: missing, remove: missing, sweepTemporary: missing, close: async () => {} };
}
