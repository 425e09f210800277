// STUB (to be replaced by the files module work).
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { ByteRange, FileStore } from '../../platform/files/file-store';
import type { FileCatalog, FileRecord, FileReferenceSource, StorageUsage } from './port';
import type { FileRepo } from './repo';

export type FileServiceDeps = { repo: FileRepo; store: FileStore; clock: Clock; config: Config; log: FastifyBaseLogger; usage: StorageUsage };

export class FileService implements FileCatalog {
  readonly #deps: FileServiceDeps;
  readonly #referenceSources: FileReferenceSource[] = [];

  constructor(deps: FileServiceDeps) {
    this.#deps = deps;
  }

  addReferenceSource(source: FileReferenceSource): void {
    this.#referenceSources.push(source);
  }

  /** Starts the background analysis worker and the sweeper. */
  start(): void {}

  async stop(): Promise<void> {
    await this.#deps.store.close();
  }

  async find(sha1: string): Promise<FileRecord | undefined> {
    void sha1;
    return undefined;
  }

  async findMany(sha1s: readonly string[]): Promise<FileRecord[]> {
    void sha1s;
    return [];
  }

  async open(sha1: string, range?: ByteRange): Promise<Readable> {
    void range;
    throw new Error(`not implemented: ${sha1}`);
  }

  async storeBytes(userId: number, filename: string, bytes: Buffer): Promise<FileRecord> {
    void userId;
    void bytes;
    throw new Error(`not implemented: ${filename}`);
  }
}
