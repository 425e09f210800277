// The files module's tables: files (content-addressed bytes and their analysis), file_uploads (who
// uploaded what) and public_images. Status changes are conditional updates, so several server
// instances can share the analysis queue without a lock.
import { FileAnalysisStatus } from '@tessera/domain';
import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';

export type FileRow = Row<'files'>;
export type PublicImageRow = Row<'public_images'>;

export type NewUpload = {
  sha1: string;
  fileSize: number;
  storageKey: string;
  userId: number;
  filename: string;
  now: string;
};

/** A file the analysis worker has taken: it owns the row while analyseStartDate stays `claimedAt`. */
export type ClaimedFile = Pick<FileRow, 'sha1' | 'fileSize' | 'storageKey' | 'filenameHint'> & { claimedAt: string };

export type AnalysisOutcome =
  | { status: typeof FileAnalysisStatus.Success; metaInfo: string }
  | { status: typeof FileAnalysisStatus.Fail; analyseError: string };

export type SweepCandidate = Pick<FileRow, 'sha1' | 'storageKey'>;

const EMPTY_META_INFO = '{}';

export class FileRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  findFile(sha1: string): Promise<FileRow | undefined> {
    return this.#db.selectFrom('files').selectAll().where('sha1', '=', sha1).executeTakeFirst();
  }

  async findFiles(sha1s: readonly string[]): Promise<FileRow[]> {
    if (sha1s.length === 0) return [];
    return this.#db
      .selectFrom('files')
      .selectAll()
      .where('sha1', 'in', [...new Set(sha1s)])
      .execute();
  }

  /**
   * Records an upload: a new file waits for analysis (status 0); a known one keeps its analysis, except
   * that a failed one (3) is queued again. The uploader is remembered and the 24-hour clock restarts.
   */
  async saveUpload({ sha1, fileSize, storageKey, userId, filename, now }: NewUpload): Promise<void> {
    await this.#db
      .insertInto('files')
      .values({
        sha1,
        fileSize,
        storageKey,
        metaAnalyzeStatus: FileAnalysisStatus.Pending,
        metaInfo: EMPTY_META_INFO,
        analyseError: '',
        analyseStartDate: null,
        filenameHint: filename,
        lastUploadDate: now,
        createDate: now,
        updateDate: now,
      })
      .onConflict((conflict) =>
        conflict.column('sha1').doUpdateSet((eb) => {
          const failed = eb('files.metaAnalyzeStatus', '=', FileAnalysisStatus.Fail);
          return {
            lastUploadDate: now,
            updateDate: now,
            storageKey,
            metaAnalyzeStatus: eb
              .case()
              .when(failed)
              .then(FileAnalysisStatus.Pending)
              .else(eb.ref('files.metaAnalyzeStatus'))
              .end(),
            analyseError: eb.case().when(failed).then('').else(eb.ref('files.analyseError')).end(),
            // The new name helps the mime fallback of the next analysis.
            filenameHint: eb.case().when(failed).then(filename).else(eb.ref('files.filenameHint')).end(),
          };
        }),
      )
      .execute();
    await this.#db
      .insertInto('file_uploads')
      .values({ sha1, userId, filename, createDate: now })
      .onConflict((conflict) => conflict.columns(['sha1', 'userId']).doNothing())
      .execute();
  }

  /** Which of the files the user uploaded. */
  async uploadedAmong(userId: number, sha1s: readonly string[]): Promise<Set<string>> {
    if (sha1s.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('file_uploads')
      .select('sha1')
      .where('userId', '=', userId)
      .where('sha1', 'in', [...new Set(sha1s)])
      .execute();
    return new Set(rows.map((row) => row.sha1));
  }

  /** The oldest file waiting for analysis, or one whose analysis started before `staleBefore` (abandoned). */
  async nextToAnalyse(staleBefore: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('files')
      .select('sha1')
      .where((eb) =>
        eb.or([
          eb('metaAnalyzeStatus', '=', FileAnalysisStatus.Pending),
          eb.and([
            eb('metaAnalyzeStatus', '=', FileAnalysisStatus.Analysing),
            eb('analyseStartDate', '<', staleBefore),
          ]),
        ]),
      )
      .orderBy('updateDate')
      .limit(1)
      .executeTakeFirst();
    return row?.sha1;
  }

  /** Takes a file for analysis unless someone else took it first; undefined when not taken. */
  async claim(sha1: string, now: string, staleBefore: string): Promise<ClaimedFile | undefined> {
    const result = await this.#db
      .updateTable('files')
      .set({ metaAnalyzeStatus: FileAnalysisStatus.Analysing, analyseStartDate: now, updateDate: now })
      .where('sha1', '=', sha1)
      .where((eb) =>
        eb.or([
          eb('metaAnalyzeStatus', '=', FileAnalysisStatus.Pending),
          eb.and([
            eb('metaAnalyzeStatus', '=', FileAnalysisStatus.Analysing),
            eb('analyseStartDate', '<', staleBefore),
          ]),
        ]),
      )
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return undefined;
    const row = await this.findFile(sha1);
    return row
      ? { sha1, fileSize: row.fileSize, storageKey: row.storageKey, filenameHint: row.filenameHint, claimedAt: now }
      : undefined;
  }

  /** Saves the result of an analysis, unless the file was taken over by another worker meanwhile. */
  async finishAnalysis(claim: ClaimedFile, outcome: AnalysisOutcome, now: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('files')
      .set({
        metaAnalyzeStatus: outcome.status,
        metaInfo: outcome.status === FileAnalysisStatus.Success ? outcome.metaInfo : EMPTY_META_INFO,
        analyseError: outcome.status === FileAnalysisStatus.Fail ? outcome.analyseError : '',
        analyseStartDate: null,
        updateDate: now,
      })
      .where('sha1', '=', claim.sha1)
      .where('metaAnalyzeStatus', '=', FileAnalysisStatus.Analysing)
      .where('analyseStartDate', '=', claim.claimedAt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Stores a file whose properties the server already knows (an image it made itself): analysed at once. */
  async saveAnalysedFile(
    file: Omit<NewUpload, 'userId' | 'filename'> & { filename: string; metaInfo: string },
  ): Promise<void> {
    const { sha1, fileSize, storageKey, filename, metaInfo, now } = file;
    const analysed = {
      metaAnalyzeStatus: FileAnalysisStatus.Success,
      metaInfo,
      analyseError: '',
      analyseStartDate: null,
    };
    await this.#db
      .insertInto('files')
      .values({
        sha1,
        fileSize,
        storageKey,
        ...analysed,
        filenameHint: filename,
        lastUploadDate: now,
        createDate: now,
        updateDate: now,
      })
      .onConflict((conflict) =>
        conflict.column('sha1').doUpdateSet({ ...analysed, storageKey, lastUploadDate: now, updateDate: now }),
      )
      .execute();
  }

  async markFailed(sha1: string, analyseError: string, now: string): Promise<void> {
    await this.#db
      .updateTable('files')
      .set({
        metaAnalyzeStatus: FileAnalysisStatus.Fail,
        metaInfo: EMPTY_META_INFO,
        analyseError,
        analyseStartDate: null,
        updateDate: now,
      })
      .where('sha1', '=', sha1)
      .execute();
  }

  findPublicImage(sha1: string): Promise<PublicImageRow | undefined> {
    return this.#db.selectFrom('public_images').selectAll().where('sha1', '=', sha1).executeTakeFirst();
  }

  async findPublicImages(sha1s: readonly string[]): Promise<PublicImageRow[]> {
    if (sha1s.length === 0) return [];
    return this.#db
      .selectFrom('public_images')
      .selectAll()
      .where('sha1', 'in', [...new Set(sha1s)])
      .execute();
  }

  async savePublicImage(image: NewRow<'public_images'>): Promise<void> {
    await this.#db
      .insertInto('public_images')
      .values(image)
      .onConflict((conflict) => conflict.column('sha1').doNothing())
      .execute();
  }

  /** Files not uploaded again since `cutoff`, that are not public images and not being analysed; by sha1 after `after`. */
  listSweepCandidates(cutoff: string, after: string, limit: number): Promise<SweepCandidate[]> {
    return this.#db
      .selectFrom('files')
      .leftJoin('public_images', 'public_images.sha1', 'files.sha1')
      .select(['files.sha1', 'files.storageKey'])
      .where('files.lastUploadDate', '<', cutoff)
      .where('files.metaAnalyzeStatus', '!=', FileAnalysisStatus.Analysing)
      .where('public_images.sha1', 'is', null)
      .where('files.sha1', '>', after)
      .orderBy('files.sha1')
      .limit(limit)
      .execute();
  }

  /** Deletes a file (its uploads go with it) if it was still not uploaded again since `cutoff`; true when deleted. */
  async deleteStaleFile(sha1: string, cutoff: string): Promise<boolean> {
    const deleted = await this.#db
      .deleteFrom('files')
      .where('sha1', '=', sha1)
      .where('lastUploadDate', '<', cutoff)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }
}
