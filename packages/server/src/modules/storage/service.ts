// STUB (to be replaced by the storage module work).
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { FileCatalog, FileReferenceSource, StorageUsage } from '../files/port';
import type { StorageRepo } from './repo';

export type StorageServiceDeps = { repo: StorageRepo; files: FileCatalog; clock: Clock; config: Config };

export class StorageService implements StorageUsage, FileReferenceSource {
  readonly #deps: StorageServiceDeps;

  constructor(deps: StorageServiceDeps) {
    this.#deps = deps;
  }

  async usedBytes(userId: number): Promise<number> {
    void this.#deps;
    void userId;
    return 0;
  }

  async referencedAmong(sha1s: readonly string[]): Promise<Set<string>> {
    void sha1s;
    return new Set();
  }
}
