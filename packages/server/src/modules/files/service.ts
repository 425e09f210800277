// Content-addressed files (DOMAIN §2.23, §3.9): uploads streamed into the file store under their
// SHA-1, the per-user quota and size limits, analysis in the background, look-ups by sha1, public
// images (covers) and the sweep of files nobody keeps. Other modules use it through FileCatalog.
import { ErrCode, FileAnalysisStatus } from '@tessera/domain';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError, badParam, type BadParamsError } from '../../platform/errors';
import type { MessageParams } from '../../platform/messages';
import type { FileMetaInfo } from '../../platform/files/analysis-types';
import type { ServableFile } from '../../platform/http/stored-bytes';
import { FileTooLargeError, type ByteRange, type FileStore, type StoredFile } from '../../platform/files/file-store';
import { AnalysisWorker } from './analysis-worker';
import {
  cleanUploadedImage,
  coverFromPicture,
  editImage,
  publicFormatOf,
  type EncodedImage,
  type ImageEdit,
} from './images';
import { FORM_OVERHEAD_BYTES, isVideoUpload, sizeText } from './limits';
import type { FileCatalog, FileHoldings, FileRecord, FileReferenceSources, StorageUsage } from './port';
import type { FileRow, FileRepo } from './repo';
import type { RequestedSha1 } from './sha1-list';
import { FileSweeper, type SweepResult } from './sweeper';

export type FileServiceDeps = {
  repo: FileRepo;
  store: FileStore;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  usage: StorageUsage;
  /** Who still uses files (objects, resource versions): read at each sweep. */
  referenceSources: FileReferenceSources;
  /** What users hold through objects and versions of their own: possession of a sha1. */
  holdings: { all(): readonly FileHoldings[] };
};

/** What an upload may take, known before its body is read. */
export type UploadBudget = { userId: number; freeBytes: number; contentLength: number | undefined };

export type UploadPart = {
  stream: Readable;
  filename: string;
  /** The part's Content-Type as the client declared it (only chooses the size limit). */
  declaredType: string;
  /** The optional form field; kept for the resource types' own size limits (not applied yet). */
  resourceType?: string;
};

export type UploadAnswer = { sha1: string; fileSize: number };
export type ExistenceAnswer = { sha1: string; isExisting: boolean };
export type FileInfo = {
  sha1: string;
  fileSize?: number;
  metaInfo?: FileMetaInfo | null;
  metaAnalyzeStatus?: number;
  analyseError?: string;
};
export type PublishedImage = { url: string; sha1: string };

/** Bytes ready to be served: size and type known, opened on demand (whole or a range). */
export type Translate = (key: string, params?: MessageParams) => string;

/** Pictures larger than this are not decoded for covers and edits (decoding holds them in memory). */
const IMAGE_SOURCE_MAX_BYTES = 50 * 1024 * 1024;
/** The period of the files:sweep job (its schedule is in the database: a restart never postpones it). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
const FILENAME_MAX_LENGTH = 255;
const DEFAULT_MIME = 'application/octet-stream';
/** How long storeBytes waits for an analysis another worker is running. */
const FOREIGN_ANALYSIS_WAIT_MS = 65_000;
const FOREIGN_ANALYSIS_POLL_MS = 50;

export function publicImageUrl(sha1: string, ext: string): string {
  return `/images/${sha1}.${ext}`;
}

function metaInfoOf(row: FileRow): FileMetaInfo | null {
  return row.metaAnalyzeStatus === FileAnalysisStatus.Success ? (JSON.parse(row.metaInfo) as FileMetaInfo) : null;
}

function recordOf(row: FileRow): FileRecord {
  return {
    sha1: row.sha1,
    fileSize: row.fileSize,
    metaAnalyzeStatus: row.metaAnalyzeStatus,
    metaInfo: metaInfoOf(row),
    analyseError: row.analyseError,
  };
}

const notOwned = (): AppError => new AppError(ErrCode.Forbidden, 'files.notOwned');
const emptyFile = (): BadParamsError => badParam('file', 'empty', 'files.emptyFile');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The whole of a stream (small files only: pictures to decode, tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class FileService implements FileCatalog {
  readonly #deps: FileServiceDeps;
  readonly #worker: AnalysisWorker;
  readonly #sweeper: FileSweeper;
  #sweeping: Promise<SweepResult> | undefined;

  constructor(deps: FileServiceDeps) {
    this.#deps = deps;
    this.#worker = new AnalysisWorker(deps);
    this.#sweeper = new FileSweeper(deps);
  }

  /** Starts the background analysis worker (the sweep is a job of the platform's runner: see index.ts). */
  start(): void {
    this.#worker.start();
  }

  async stop(): Promise<void> {
    await this.#worker.stop();
    await this.#sweeping?.catch(() => undefined);
    await this.#deps.store.close();
  }

  /** Runs every analysis that waits (tests drain the queue with it); answers how many finished. */
  analysePending(): Promise<number> {
    return this.#worker.analysePending();
  }

  whenIdle(): Promise<void> {
    return this.#worker.whenIdle();
  }

  /** Removes unreferenced files older than 24 hours and abandoned temporary bytes (the `files:sweep` job; tests call it). */
  sweep(): Promise<SweepResult> {
    this.#sweeping ??= this.#sweeper.sweep().finally(() => {
      this.#sweeping = undefined;
    });
    return this.#sweeping;
  }

  // ---- Uploads -------------------------------------------------------------------------------

  /**
   * What can be refused before the body is read: a full quota, and a declared body that is surely
   * larger than the free space or than any upload may be.
   */
  async admitUpload(userId: number, contentLength: number | undefined): Promise<UploadBudget> {
    const { config, usage } = this.#deps;
    const freeBytes = Math.max(0, config.storageQuotaBytes - (await usage.usedBytes(userId)));
    if (freeBytes === 0) throw this.#quotaExceeded(freeBytes);
    if (contentLength !== undefined) {
      const fileAtLeast = contentLength - FORM_OVERHEAD_BYTES;
      if (fileAtLeast > freeBytes) throw this.#quotaExceeded(freeBytes);
      if (fileAtLeast > Math.max(config.uploadMaxBytes, config.videoUploadMaxBytes)) throw this.#tooLarge(false);
    }
    return { userId, freeBytes, contentLength };
  }

  /** Streams the file part into the store (hashing as it goes) and records it; analysis follows in the background. */
  async storeUpload(budget: UploadBudget, part: UploadPart, signal: AbortSignal): Promise<UploadAnswer> {
    const { config, clock } = this.#deps;
    const video = isVideoUpload(part.declaredType, part.filename);
    const sizeLimit = video ? config.videoUploadMaxBytes : config.uploadMaxBytes;
    if (budget.contentLength !== undefined && budget.contentLength - FORM_OVERHEAD_BYTES > sizeLimit)
      throw this.#tooLarge(video);
    const maxBytes = Math.min(sizeLimit, budget.freeBytes);
    let stored: StoredFile;
    try {
      stored = await this.#deps.store.write(part.stream, { maxBytes, signal });
    } catch (error) {
      if (error instanceof FileTooLargeError)
        throw maxBytes < sizeLimit ? this.#quotaExceeded(budget.freeBytes) : this.#tooLarge(video);
      throw error;
    }
    const filename = part.filename.slice(0, FILENAME_MAX_LENGTH);
    await this.#recordUpload(stored, budget.userId, filename, clock.now().toISOString());
    this.#worker.wake();
    return { sha1: stored.sha1, fileSize: stored.fileSize };
  }

  async #recordUpload(stored: StoredFile, userId: number, filename: string, now: string): Promise<void> {
    if (stored.fileSize === 0) {
      // Nothing else can use the empty file's key (empty uploads are always refused).
      if (!(await this.#deps.repo.findFile(stored.sha1))) await this.#deps.store.remove(stored.storageKey);
      throw emptyFile();
    }
    await this.#deps.repo.saveUpload({ ...stored, userId, filename, now });
  }

  #quotaExceeded(freeBytes: number): AppError {
    return new AppError(ErrCode.Business, 'files.quotaExceeded', null, {
      free: sizeText(freeBytes),
      quota: sizeText(this.#deps.config.storageQuotaBytes),
    });
  }

  #tooLarge(video: boolean): BadParamsError {
    const { uploadMaxBytes, videoUploadMaxBytes } = this.#deps.config;
    return video
      ? badParam('file', 'maxSize', 'files.videoTooLarge', { limit: sizeText(videoUploadMaxBytes) })
      : badParam('file', 'maxSize', 'files.fileTooLarge', {
          limit: sizeText(uploadMaxBytes),
          videoLimit: sizeText(videoUploadMaxBytes),
        });
  }

  // ---- Look-ups ------------------------------------------------------------------------------

  /**
   * Whether each file is stored and analysed (status 2). A file still waiting or analysing counts as
   * missing: the client then uploads it, which costs bytes but never skips onto a file that fails.
   * Like every look-up, it answers only about files the caller may use: another's looks unknown.
   */
  async existence(userId: number, requested: readonly RequestedSha1[]): Promise<ExistenceAnswer[]> {
    const rows = await this.#usableRows(userId, requested);
    return requested.map(({ requested: sha1, sha1: key }) => ({
      sha1,
      isExisting: rows.get(key)?.metaAnalyzeStatus === FileAnalysisStatus.Success,
    }));
  }

  /** One item per requested sha1 (`{sha1}` alone when unknown), what clients poll while files are analysed. */
  async infoOf(userId: number, requested: readonly RequestedSha1[], translate: Translate): Promise<FileInfo[]> {
    const rows = await this.#usableRows(userId, requested);
    return requested.map(({ requested: sha1, sha1: key }) => {
      const row = rows.get(key);
      if (!row) return { sha1 };
      const info: FileInfo = {
        sha1,
        fileSize: row.fileSize,
        metaInfo: metaInfoOf(row),
        metaAnalyzeStatus: row.metaAnalyzeStatus,
      };
      if (row.metaAnalyzeStatus === FileAnalysisStatus.Fail)
        info.analyseError = translate(row.analyseError, this.#analyseErrorParams());
      return info;
    });
  }

  #analyseErrorParams(): MessageParams {
    return { limit: sizeText(this.#deps.config.uploadMaxBytes) };
  }

  /** The system property of an analysed file (DOMAIN §2.23 metaInfo); null when unknown or not analysed. */
  async propertyOf(userId: number, sha1: string): Promise<FileMetaInfo | null> {
    const row = await this.#usableRow(userId, sha1);
    return row ? metaInfoOf(row) : null;
  }

  /** The rows of the requested files the user may use. */
  async #usableRows(userId: number, requested: readonly RequestedSha1[]): Promise<Map<string, FileRow>> {
    const rows = await this.#deps.repo.findFiles(requested.map((item) => item.sha1));
    const usable = await this.#usableAmong(
      userId,
      rows.map((row) => row.sha1),
    );
    return new Map(rows.filter((row) => usable.has(row.sha1)).map((row) => [row.sha1, row]));
  }

  async #usableRow(userId: number, sha1: string): Promise<FileRow | undefined> {
    const key = sha1.toLowerCase();
    return (await this.#usableRows(userId, [{ requested: key, sha1: key }])).get(key);
  }

  /**
   * Possession (issue 11): a sha1 is used only by someone who has the bytes: a file they uploaded,
   * hold in an object or a version of their own (the modules that keep files tell, through the
   * `fileHoldings` port), or a public image, which anyone may read anyway.
   */
  async #usableAmong(userId: number, sha1s: readonly string[]): Promise<Set<string>> {
    const { repo, holdings } = this.#deps;
    const usable = await repo.uploadedAmong(userId, sha1s);
    const pending = () => sha1s.filter((sha1) => !usable.has(sha1));
    for (const image of await repo.findPublicImages(pending())) usable.add(image.sha1);
    for (const source of holdings.all()) {
      const rest = pending();
      if (rest.length === 0) break;
      for (const sha1 of await source.heldAmong(userId, rest)) usable.add(sha1);
    }
    return usable;
  }

  /** A file the caller may use (or a public image), for `/v2/storages/files/{sha1}/download`. */
  async downloadable(userId: number, sha1: string): Promise<ServableFile> {
    const row = await this.#usableRow(userId, sha1);
    if (!row) throw notOwned();
    return this.#servable(row, metaInfoOf(row)?.mime ?? DEFAULT_MIME);
  }

  /** A public image by its address; undefined when there is none (or the extension is not its own). */
  async publicImage(sha1: string, ext: string): Promise<ServableFile | undefined> {
    const image = await this.#deps.repo.findPublicImage(sha1);
    if (!image || image.ext !== ext) return undefined;
    const row = await this.#deps.repo.findFile(sha1);
    return row ? this.#servable(row, image.mime) : undefined;
  }

  #servable(row: FileRow, mime: string): ServableFile {
    const { store } = this.#deps;
    return { sha1: row.sha1, fileSize: row.fileSize, mime, open: (range) => store.read(row.storageKey, range) };
  }

  // ---- Public images -------------------------------------------------------------------------

  /** `uploadImage`: a JPG, PNG, GIF or WebP picture (by content, ≤ 5 MiB) published without metadata. */
  async uploadImage(userId: number, upload: Buffer | undefined): Promise<PublishedImage> {
    if (!upload) throw badParam('file', 'required', 'files.fileMissing');
    if (upload.length === 0) throw emptyFile();
    return this.#publish(userId, await cleanUploadedImage(upload));
  }

  /** `imageHandle`: a new public image cut and/or resized from a picture the caller may use (or a public one). */
  async editImage(userId: number, sha1: string, edit: ImageEdit): Promise<PublishedImage> {
    const { row, mime } = await this.#analysedSource(userId, sha1);
    const format = publicFormatOf(mime);
    if (!format) throw new AppError(ErrCode.Business, 'files.notAnImage');
    return this.#publish(userId, await editImage(await this.#readSource(row), format, edit));
  }

  /** `generateCoverImage`: an 800×600 JPEG cover from a picture, or from an audio file's embedded artwork. */
  async generateCover(userId: number, sha1: string): Promise<PublishedImage> {
    const { row, mime } = await this.#analysedSource(userId, sha1);
    const kind = mime.split('/')[0];
    if (kind === 'video') throw new AppError(ErrCode.Business, 'files.cover.videoUnsupported');
    if (kind === 'image' && !mime.includes('svg'))
      return this.#publish(userId, await coverFromPicture(await this.#readSource(row)));
    if (kind === 'audio') return this.#publish(userId, await coverFromPicture(await this.#embeddedPicture(row, mime)));
    throw new AppError(ErrCode.Business, 'files.cover.unsupportedType');
  }

  async #analysedSource(userId: number, sha1: string): Promise<{ row: FileRow; mime: string }> {
    const row = await this.#usableRow(userId, sha1);
    if (!row) throw notOwned();
    const metaInfo = metaInfoOf(row);
    if (!metaInfo) throw new AppError(ErrCode.Business, 'files.notAnalysed');
    return { row, mime: metaInfo.mime.toLowerCase() };
  }

  async #readSource(row: FileRow): Promise<Buffer> {
    if (row.fileSize > IMAGE_SOURCE_MAX_BYTES)
      throw new AppError(ErrCode.Business, 'files.image.sourceTooLarge', null, {
        limit: sizeText(IMAGE_SOURCE_MAX_BYTES),
      });
    return readAll(await this.#deps.store.read(row.storageKey));
  }

  async #embeddedPicture(row: FileRow, mime: string): Promise<Buffer> {
    const stream = await this.#deps.store.read(row.storageKey);
    try {
      // Loaded when first needed: most starts never read audio tags.
      const { parseStream, selectCover } = await import('music-metadata');
      const metadata = await parseStream(
        stream,
        { mimeType: mime, size: row.fileSize },
        { duration: false, skipPostHeaders: true },
      );
      const picture = selectCover(metadata.common.picture);
      if (picture) return Buffer.from(picture.data);
    } catch (error) {
      this.#deps.log.info({ err: error, sha1: row.sha1 }, 'cover: the audio tags could not be read');
    } finally {
      stream.destroy();
    }
    throw new AppError(ErrCode.Business, 'files.cover.noPicture');
  }

  async #publish(userId: number, image: EncodedImage): Promise<PublishedImage> {
    const { repo, clock } = this.#deps;
    const stored = await this.#deps.store.write(Readable.from([image.bytes]), { maxBytes: image.bytes.length });
    const now = clock.now().toISOString();
    const metaInfo: FileMetaInfo = {
      fileSize: stored.fileSize,
      mime: image.mime,
      width: image.width,
      height: image.height,
    };
    await repo.saveAnalysedFile({
      ...stored,
      filename: `${stored.sha1}.${image.ext}`,
      metaInfo: JSON.stringify(metaInfo),
      now,
    });
    await repo.savePublicImage({
      sha1: stored.sha1,
      ext: image.ext,
      mime: image.mime,
      width: image.width,
      height: image.height,
      userId,
      createDate: now,
    });
    return { url: publicImageUrl(stored.sha1, image.ext), sha1: stored.sha1 };
  }

  // ---- FileCatalog (other modules) -----------------------------------------------------------

  async find(sha1: string): Promise<FileRecord | undefined> {
    const row = await this.#deps.repo.findFile(sha1.toLowerCase());
    return row ? recordOf(row) : undefined;
  }

  async findMany(sha1s: readonly string[]): Promise<FileRecord[]> {
    const rows = await this.#deps.repo.findFiles(sha1s.map((sha1) => sha1.toLowerCase()));
    return rows.map(recordOf);
  }

  async findUsable(userId: number, sha1: string): Promise<FileRecord | undefined> {
    const row = await this.#usableRow(userId, sha1);
    return row ? recordOf(row) : undefined;
  }

  async publicImageExts(sha1s: readonly string[]): Promise<Map<string, string>> {
    const images = await this.#deps.repo.findPublicImages(sha1s.map((sha1) => sha1.toLowerCase()));
    return new Map(images.map((image) => [image.sha1, image.ext]));
  }

  async open(sha1: string, range?: ByteRange): Promise<Readable> {
    const row = await this.#deps.repo.findFile(sha1.toLowerCase());
    if (!row) throw new AppError(ErrCode.Business, 'files.notFound');
    return this.#deps.store.read(row.storageKey, range);
  }

  async storeBytes(userId: number, filename: string, bytes: Buffer): Promise<FileRecord> {
    const stored = await this.#deps.store.write(Readable.from([bytes]), { maxBytes: bytes.length });
    await this.#recordUpload(
      stored,
      userId,
      filename.slice(0, FILENAME_MAX_LENGTH),
      this.#deps.clock.now().toISOString(),
    );
    if (!(await this.#worker.analyseNow(stored.sha1))) await this.#waitForAnalysis(stored.sha1);
    const record = await this.find(stored.sha1);
    if (!record) throw new Error(`stored file ${stored.sha1} vanished`);
    return record;
  }

  /** Waits while another worker analyses the file; an analysis times out after 60 s, so this ends. */
  async #waitForAnalysis(sha1: string): Promise<void> {
    const deadline = Date.now() + FOREIGN_ANALYSIS_WAIT_MS;
    for (;;) {
      const row = await this.#deps.repo.findFile(sha1);
      const status = row?.metaAnalyzeStatus;
      if (status !== FileAnalysisStatus.Pending && status !== FileAnalysisStatus.Analysing) return;
      if (Date.now() > deadline) return;
      if (status === FileAnalysisStatus.Pending && (await this.#worker.analyseNow(sha1))) return;
      await sleep(FOREIGN_ANALYSIS_POLL_MS);
    }
  }
}
