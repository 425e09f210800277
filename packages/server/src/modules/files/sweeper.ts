// Removes what nobody keeps (DOMAIN §2.23, §8): a file not uploaded again for 24 hours, used by no
// object or version and not a public image, and temporary bytes of writes that never finished.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { FileStore } from '../../platform/files/file-store';
import { AnalyseErrorKey } from './analysis-worker';
import { TEMPORARY_FILE_KEPT_MS, UNREFERENCED_FILE_KEPT_MS } from './limits';
import type { FileReferenceSources } from './port';
import type { FileRepo } from './repo';

const PAGE_SIZE = 200;

export type SweepResult = { removedFiles: number; removedTemporary: number };

export type FileSweeperDeps = {
  repo: FileRepo;
  store: FileStore;
  clock: Clock;
  log: FastifyBaseLogger;
  referenceSources: FileReferenceSources;
};

export class FileSweeper {
  readonly #deps: FileSweeperDeps;

  constructor(deps: FileSweeperDeps) {
    this.#deps = deps;
  }

  async sweep(): Promise<SweepResult> {
    const removedFiles = await this.#sweepUnreferenced();
    const removedTemporary = await this.#deps.store.sweepTemporary(TEMPORARY_FILE_KEPT_MS);
    return { removedFiles, removedTemporary };
  }

  async #sweepUnreferenced(): Promise<number> {
    const { repo, store, clock, log } = this.#deps;
    const cutoff = new Date(clock.now().getTime() - UNREFERENCED_FILE_KEPT_MS).toISOString();
    let removed = 0;
    let after = '';
    for (;;) {
      const candidates = await repo.listSweepCandidates(cutoff, after, PAGE_SIZE);
      if (candidates.length === 0) return removed;
      after = candidates[candidates.length - 1]?.sha1 ?? after;
      const referenced = await this.#referencedAmong(candidates.map((candidate) => candidate.sha1));
      for (const { sha1, storageKey } of candidates) {
        if (referenced.has(sha1)) continue;
        try {
          // The row goes first (and only if nobody uploaded the file again meanwhile), so no row
          // ever points at bytes that are gone.
          if (!(await repo.deleteStaleFile(sha1, cutoff))) continue;
          await store.remove(storageKey);
          removed += 1;
          // Uploaded again in the moment between the two steps: the new row has lost its bytes.
          // It fails, and the next upload of the file stores the bytes and analyses it again.
          if (await repo.findFile(sha1))
            await repo.markFailed(sha1, AnalyseErrorKey.StorageError, clock.now().toISOString());
        } catch (error) {
          // E.g. a reference the sources did not report (a foreign key refuses the delete): keep it.
          log.warn({ err: error, sha1 }, 'file sweep: file kept');
        }
      }
    }
  }

  async #referencedAmong(sha1s: readonly string[]): Promise<Set<string>> {
    const answers = await Promise.all(this.#deps.referenceSources.all().map((source) => source.referencedAmong(sha1s)));
    return new Set(answers.flatMap((answer) => [...answer]));
  }
}
