import { FILE_ANALYSIS_POLL_MS, fileAnalysisState } from '@tessera/domain';
import type { ApiClient } from '../../../shared/api';
import { hashFile } from '../hashing/hash-file';
import { analysisOf, createObject, fetchFileAnalysis, fileExists, uploadFile } from '../storage-api';
import { findObjectByName } from './object-lookup';
import { objectNameOf, uploadRefusal, type Refusal } from './upload-rules';

// The uploads of the storage page, outside React so that a task survives bucket changes and can be
// followed step by step: hash → ask whether the file is stored → upload → wait for its analysis
// (SPEC §4) → ask before replacing an object of the same name → create the object (DOMAIN §3.9).

/** A reason shown to the person: translated text, or the server's own message. */
export type Reason = Refusal | { text: string };

export type TaskState =
  | { phase: 'waiting' }
  | { phase: 'hashing'; percent: number }
  | { phase: 'checking' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'analysing' }
  | { phase: 'confirming' }
  | { phase: 'saving' }
  /** `instant`: the file was stored already, nothing was uploaded. */
  | { phase: 'done'; instant: boolean }
  /** The person chose to keep the object of the same name. */
  | { phase: 'kept' }
  | { phase: 'failed'; reason: Reason }
  | { phase: 'cancelled' };

export type Phase = TaskState['phase'];

export interface UploadTask {
  id: string;
  file: File;
  bucketName: string;
  objectName: string;
  /** Known once hashed; a retry does not hash again. */
  sha1?: string;
  state: TaskState;
}

export interface OverwriteQuestion {
  taskId: string;
  bucketName: string;
  objectName: string;
  /** Other tasks waiting for the same question. */
  othersWaiting: number;
}

/** The latest change worth telling a screen reader about; `serial` changes each time. */
export interface Announcement {
  serial: number;
  fileName: string;
  state: TaskState;
}

export interface UploadQueueSnapshot {
  tasks: readonly UploadTask[];
  question: OverwriteQuestion | null;
  announcement: Announcement | null;
}

/** What the page tells the queue, and may change at any time. */
export interface UploadQueueHooks {
  /** Bytes left in the quota, when known. */
  spaceLeft: number | undefined;
  /** An object was created or replaced in this bucket. */
  onSaved: (bucketName: string) => void;
}

/** Files handled at the same time: enough to keep the line busy, few enough to keep the page light. */
const CONCURRENT_TASKS = 2;

const FINISHED: ReadonlySet<Phase> = new Set(['done', 'kept', 'failed', 'cancelled']);
const ANNOUNCED: ReadonlySet<Phase> = new Set([
  'uploading',
  'analysing',
  'confirming',
  'done',
  'kept',
  'failed',
  'cancelled',
]);

export const isFinished = (task: UploadTask) => FINISHED.has(task.state.phase);
export const isActive = (task: UploadTask) => !isFinished(task);

class TaskFailure extends Error {
  readonly reason: Reason;
  constructor(reason: Reason) {
    super('text' in reason ? reason.text : reason.key);
    this.reason = reason;
  }
}

interface PendingDecision {
  taskId: string;
  resolve: (replace: boolean) => void;
}

export class UploadQueue {
  readonly #api: ApiClient;
  #hooks: UploadQueueHooks = { spaceLeft: undefined, onSaved: () => undefined };
  readonly #listeners = new Set<() => void>();
  readonly #controllers = new Map<string, AbortController>();
  #decisions: PendingDecision[] = [];
  /** "Apply to all": the answer for every further name clash of the current batch. */
  #overwriteForAll: boolean | undefined;
  #nextId = 1;
  #serial = 0;
  /** Set while the page is not shown: nothing runs. */
  #closed = false;
  #snapshot: UploadQueueSnapshot = { tasks: [], question: null, announcement: null };

  constructor(api: ApiClient) {
    this.#api = api;
  }

  connect(hooks: UploadQueueHooks): void {
    this.#hooks = hooks;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): UploadQueueSnapshot => this.#snapshot;

  add(files: readonly File[], bucketName: string): void {
    if (files.length === 0) return;
    if (!this.#snapshot.tasks.some(isActive)) this.#overwriteForAll = undefined;
    const added = files.map<UploadTask>((file) => ({
      id: `upload-${this.#nextId++}`,
      file,
      bucketName,
      objectName: objectNameOf(file.name),
      state: { phase: 'waiting' },
    }));
    this.#publish({ tasks: [...this.#snapshot.tasks, ...added] });
    this.#pump();
  }

  cancel(id: string): void {
    const task = this.#task(id);
    if (!task || isFinished(task)) return;
    const controller = this.#controllers.get(id);
    if (controller) controller.abort();
    else this.#setState(id, { phase: 'cancelled' });
  }

  retry(id: string): void {
    const task = this.#task(id);
    if (!task || (task.state.phase !== 'failed' && task.state.phase !== 'cancelled')) return;
    this.#setState(id, { phase: 'waiting' }, false);
    this.#pump();
  }

  remove(id: string): void {
    const task = this.#task(id);
    if (!task || !isFinished(task)) return;
    this.#publish({ tasks: this.#snapshot.tasks.filter((item) => item.id !== id) });
  }

  /** Drops the tasks that ended well or were stopped; failures stay for a retry. */
  clearFinished(): void {
    this.#publish({ tasks: this.#snapshot.tasks.filter((task) => !isFinished(task) || task.state.phase === 'failed') });
  }

  /** The answer to the current overwrite question. */
  answer(replace: boolean, applyToAll = false): void {
    const [first, ...rest] = this.#decisions;
    if (!first) return;
    const answered = applyToAll ? this.#decisions : [first];
    this.#decisions = applyToAll ? [] : rest;
    if (applyToAll) this.#overwriteForAll = replace;
    for (const decision of answered) decision.resolve(replace);
    this.#publish({});
  }

  /** The page is shown: tasks may run. */
  open(): void {
    this.#closed = false;
    this.#pump();
  }

  /** The page is left: running tasks are cancelled and waiting ones never start. */
  close(): void {
    this.#closed = true;
    for (const controller of this.#controllers.values()) controller.abort();
  }

  #task(id: string): UploadTask | undefined {
    return this.#snapshot.tasks.find((task) => task.id === id);
  }

  #publish(change: Partial<UploadQueueSnapshot>): void {
    const tasks = change.tasks ?? this.#snapshot.tasks;
    const [first] = this.#decisions;
    const asked = first ? tasks.find((task) => task.id === first.taskId) : undefined;
    const question = asked
      ? {
          taskId: asked.id,
          bucketName: asked.bucketName,
          objectName: asked.objectName,
          othersWaiting: this.#decisions.length - 1,
        }
      : null;
    this.#snapshot = { announcement: this.#snapshot.announcement, ...change, tasks, question };
    for (const listener of this.#listeners) listener();
  }

  #update(id: string, change: Partial<UploadTask>, announce = true): void {
    const tasks = this.#snapshot.tasks.map((task) => (task.id === id ? { ...task, ...change } : task));
    const task = tasks.find((item) => item.id === id);
    const state = change.state;
    const announcement =
      announce && task && state && ANNOUNCED.has(state.phase) && state.phase !== this.#task(id)?.state.phase
        ? { serial: ++this.#serial, fileName: task.file.name, state }
        : undefined;
    this.#publish(announcement ? { tasks, announcement } : { tasks });
  }

  #setState(id: string, state: TaskState, announce = true): void {
    this.#update(id, { state }, announce);
  }

  #pump(): void {
    if (this.#closed) return;
    const running = this.#controllers.size;
    const waiting = this.#snapshot.tasks.filter(
      (task) => task.state.phase === 'waiting' && !this.#controllers.has(task.id),
    );
    for (const task of waiting.slice(0, Math.max(0, CONCURRENT_TASKS - running))) void this.#run(task.id);
  }

  async #run(id: string): Promise<void> {
    const controller = new AbortController();
    this.#controllers.set(id, controller);
    const { signal } = controller;
    try {
      const task = this.#task(id);
      if (!task) return;
      const refusal = uploadRefusal(task.file, this.#hooks.spaceLeft);
      if (refusal) throw new TaskFailure(refusal);
      const known = task.sha1 ?? (await this.#hash(task, signal));
      const { sha1, instant } = await this.#store(task, known, signal);
      if (
        (await findObjectByName(this.#api, task.bucketName, task.objectName, signal)) &&
        !(await this.#decide(id, signal))
      ) {
        this.#setState(id, { phase: 'kept' });
        return;
      }
      this.#setState(id, { phase: 'saving' });
      await createObject(this.#api, task.bucketName, { objectName: task.objectName, sha1 });
      this.#setState(id, { phase: 'done', instant });
      this.#hooks.onSaved(task.bucketName);
    } catch (failure) {
      this.#setState(id, signal.aborted ? { phase: 'cancelled' } : { phase: 'failed', reason: reasonOf(failure) });
    } finally {
      this.#controllers.delete(id);
      this.#decisions = this.#decisions.filter((decision) => decision.taskId !== id);
      this.#publish({});
      this.#pump();
    }
  }

  async #hash(task: UploadTask, signal: AbortSignal): Promise<string> {
    this.#setState(task.id, { phase: 'hashing', percent: 0 });
    const sha1 = await hashFile(task.file, {
      signal,
      onPercent: (percent) => {
        if (!signal.aborted) this.#setState(task.id, { phase: 'hashing', percent });
      },
    });
    this.#update(task.id, { sha1 });
    return sha1;
  }

  /** Makes sure the platform holds the analysed file: uploads it only when it has to. */
  async #store(task: UploadTask, sha1: string, signal: AbortSignal): Promise<{ sha1: string; instant: boolean }> {
    const api = this.#api;
    this.#setState(task.id, { phase: 'checking' });
    const existing = await fileExists(api, sha1, signal);
    if (existing.some((item) => sameSha1(item.sha1, sha1) && item.isExisting)) {
      const analysis = analysisOf(await fetchFileAnalysis(api, sha1, signal), sha1);
      const state = fileAnalysisState(analysis?.metaAnalyzeStatus);
      if (state === 'success') return { sha1, instant: true };
      if (state === 'analysing') {
        this.#setState(task.id, { phase: 'analysing' });
        await this.#waitForAnalysis(sha1, signal);
        return { sha1, instant: true };
      }
      // A failed analysis runs again when the bytes come again (DOMAIN §3.9); a file swept
      // meanwhile is simply uploaded.
    }
    this.#setState(task.id, { phase: 'uploading', percent: 0 });
    const uploaded = await uploadFile(api, task.file, {
      signal,
      onPercent: (percent) => {
        if (!signal.aborted) this.#setState(task.id, { phase: 'uploading', percent });
      },
    });
    // The server's own hash names the file (a client's claim is never trusted).
    const stored = uploaded.sha1;
    this.#setState(task.id, { phase: 'analysing' });
    await this.#waitForAnalysis(stored, signal);
    return { sha1: stored, instant: false };
  }

  /** SPEC §4: ask, then wait 500 ms between asks, until the analysis ends; an error answer stops. */
  async #waitForAnalysis(sha1: string, signal: AbortSignal): Promise<void> {
    for (;;) {
      const analysis = analysisOf(await fetchFileAnalysis(this.#api, sha1, signal), sha1);
      switch (fileAnalysisState(analysis?.metaAnalyzeStatus)) {
        case 'success':
          return;
        case 'fail':
          throw new TaskFailure(
            analysis?.analyseError
              ? { key: 'storagePage.upload.error.analysisReason', params: { reason: analysis.analyseError } }
              : { key: 'storagePage.upload.error.analysis' },
          );
        case 'missing':
          throw new TaskFailure({ key: 'storagePage.upload.error.fileMissing' });
        case 'analysing':
          await pause(FILE_ANALYSIS_POLL_MS, signal);
      }
    }
  }

  #decide(id: string, signal: AbortSignal): Promise<boolean> {
    if (this.#overwriteForAll !== undefined) return Promise.resolve(this.#overwriteForAll);
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      this.#decisions.push({ taskId: id, resolve });
      this.#setState(id, { phase: 'confirming' });
    });
  }
}

const sameSha1 = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Our own reasons, or the message of a refusal (the server's msg) or of a failed call. */
function reasonOf(failure: unknown): Reason {
  if (failure instanceof TaskFailure) return failure.reason;
  return { text: failure instanceof Error ? failure.message : String(failure) };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
