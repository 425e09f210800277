// File analysis off the request path (DOMAIN §3.9). The queue is the files table itself: status 0
// waits, 1 runs (taken over when it started more than 60 s ago: the worker that had it is gone),
// 2 succeeded, 3 failed. So the work survives a restart, and several instances share it.
import { FileAnalysisStatus } from '@tessera/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AnalysisError, type AnalysisFailure, type FileMetaInfo } from '../../platform/files/analysis-types';
import { analyzeStoredFile } from '../../platform/files/analyze';
import type { FileStore } from '../../platform/files/file-store';
import { ANALYSIS_TIMEOUT_MS, isVideoMime } from './limits';
import type { AnalysisOutcome, ClaimedFile, FileRepo } from './repo';

/** Translation keys kept in files.analyseError (translated when answered). */
export const AnalyseErrorKey = {
  TooLargeForType: 'files.analysis.tooLargeForType',
  StorageError: 'files.analysis.storageError',
} as const;

const FAILURE_KEYS: Record<AnalysisFailure, string> = {
  'wrong-type': 'files.analysis.wrongType',
  damaged: 'files.analysis.damaged',
  'invalid-json': 'files.analysis.invalidJson',
  timeout: 'files.analysis.timeout',
};

export type AnalysisWorkerDeps = {
  repo: FileRepo;
  store: FileStore;
  clock: Clock;
  config: Pick<Config, 'uploadMaxBytes'>;
  log: FastifyBaseLogger;
  /** Analyses running at once. */
  concurrency?: number;
  /** How often an idle worker looks for work (other instances' uploads, abandoned analyses). */
  pollMs?: number;
};

export class AnalysisWorker {
  readonly #deps: AnalysisWorkerDeps;
  readonly #concurrency: number;
  readonly #running = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #filling: Promise<void> | undefined;
  #fillAgain = false;
  #stopped = false;
  #completed = 0;

  constructor(deps: AnalysisWorkerDeps) {
    this.#deps = deps;
    this.#concurrency = Math.max(1, deps.concurrency ?? 2);
  }

  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => this.wake(), this.#deps.pollMs ?? 1000);
    this.#timer.unref();
    this.wake();
  }

  /** Looks for work now (after an upload) instead of at the next poll. */
  wake(): void {
    this.#fillSlots().catch((error: unknown) =>
      this.#deps.log.error({ err: error }, 'file analysis: looking for work failed'),
    );
  }

  /** Analyses everything that is waiting (or abandoned), then resolves with how many analyses finished meanwhile. */
  async analysePending(): Promise<number> {
    const before = this.#completed;
    for (;;) {
      await this.#fillSlots();
      if (this.#running.size === 0) break;
      await Promise.race(this.#running);
    }
    return this.#completed - before;
  }

  /** Resolves when no analysis is running (new ones may start later). */
  async whenIdle(): Promise<void> {
    while (this.#running.size > 0 || this.#filling) {
      await Promise.allSettled([...this.#running, this.#filling]);
    }
  }

  /** Stops taking work and waits for the running analyses. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.whenIdle();
  }

  /** Takes one specific file and analyses it now (files the server stores for itself); false when not taken. */
  async analyseNow(sha1: string): Promise<boolean> {
    const claim = await this.#deps.repo.claim(sha1, this.#now(), this.#staleBefore());
    if (!claim) return false;
    await this.#track(this.#analyse(claim));
    return true;
  }

  /** Claims work until every slot is busy or nothing waits; one filler at a time. */
  #fillSlots(): Promise<void> {
    if (this.#filling) {
      this.#fillAgain = true;
      return this.#filling;
    }
    this.#filling = (async () => {
      do {
        this.#fillAgain = false;
        while (!this.#stopped && this.#running.size < this.#concurrency) {
          const claim = await this.#claimNext();
          if (!claim) break;
          void this.#track(this.#analyse(claim)).then(() => this.wake());
        }
      } while (this.#fillAgain && !this.#stopped);
    })().finally(() => {
      this.#filling = undefined;
    });
    return this.#filling;
  }

  /** Counts a running analysis; it never rejects (a failure to save is logged, the file is retaken later). */
  #track(run: Promise<void>): Promise<void> {
    const tracked = run
      .catch((error: unknown) => this.#deps.log.error({ err: error }, 'file analysis: saving the result failed'))
      .finally(() => {
        this.#running.delete(tracked);
        this.#completed += 1;
      });
    this.#running.add(tracked);
    return tracked;
  }

  async #claimNext(): Promise<ClaimedFile | undefined> {
    const { repo } = this.#deps;
    // Another worker may take the file between the look and the claim: then look again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const sha1 = await repo.nextToAnalyse(this.#staleBefore());
      if (sha1 === undefined) return undefined;
      const claim = await repo.claim(sha1, this.#now(), this.#staleBefore());
      if (claim) return claim;
    }
    return undefined;
  }

  async #analyse(claim: ClaimedFile): Promise<void> {
    const outcome = await this.#outcomeOf(claim);
    const saved = await this.#deps.repo.finishAnalysis(claim, outcome, this.#now());
    if (!saved)
      this.#deps.log.warn({ sha1: claim.sha1 }, 'file analysis: result dropped, another worker took the file over');
  }

  async #outcomeOf(claim: ClaimedFile): Promise<AnalysisOutcome> {
    const { store, config, log } = this.#deps;
    let metaInfo: FileMetaInfo;
    try {
      metaInfo = await analyzeStoredFile(store, claim.storageKey, {
        filenameHint: claim.filenameHint,
        fileSize: claim.fileSize,
        timeoutMs: ANALYSIS_TIMEOUT_MS,
      });
    } catch (error) {
      if (error instanceof AnalysisError) {
        log.info({ sha1: claim.sha1, failure: error.failure, reason: error.message }, 'file analysis failed');
        return { status: FileAnalysisStatus.Fail, analyseError: FAILURE_KEYS[error.failure] };
      }
      log.error({ err: error, sha1: claim.sha1 }, 'file analysis: the stored bytes could not be read');
      return { status: FileAnalysisStatus.Fail, analyseError: AnalyseErrorKey.StorageError };
    }
    // Only videos may pass the ordinary size limit; a big file that merely had a video name fails here.
    if (!isVideoMime(metaInfo.mime) && claim.fileSize > config.uploadMaxBytes) {
      return { status: FileAnalysisStatus.Fail, analyseError: AnalyseErrorKey.TooLargeForType };
    }
    return { status: FileAnalysisStatus.Success, metaInfo: JSON.stringify(metaInfo) };
  }

  #now(): string {
    return this.#deps.clock.now().toISOString();
  }

  #staleBefore(): string {
    return new Date(this.#deps.clock.now().getTime() - ANALYSIS_TIMEOUT_MS).toISOString();
  }
}
