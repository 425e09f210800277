// What other modules may ask of the files module (FileCatalog), and what they give it through the
// manifest's ports: the files they still use and the quota's measure.
import type { Readable } from 'node:stream';
import type { FileMetaInfo } from '../../platform/files/analysis-types';
import type { ByteRange } from '../../platform/files/file-store';

export type FileRecord = {
  sha1: string;
  fileSize: number;
  /** 0 not analysed, 1 analysing, 2 success, 3 failed. */
  metaAnalyzeStatus: number;
  /** Null until the analysis succeeded. */
  metaInfo: FileMetaInfo | null;
  /** Status 3: why, as a translation key (`files.analysis.*`); '' otherwise. */
  analyseError: string;
};

export interface FileCatalog {
  find(sha1: string): Promise<FileRecord | undefined>;
  findMany(sha1s: readonly string[]): Promise<FileRecord[]>;
  /**
   * The file when the user may use it by its sha1 (possession: they uploaded it, hold it in an object
   * or a version of their own, or it is a public image); undefined when it is unknown or not theirs.
   */
  findUsable(userId: number, sha1: string): Promise<FileRecord | undefined>;
  /** The extension of each public image among the sha1s (`/images/{sha1}.{ext}`); others are left out. */
  publicImageExts(sha1s: readonly string[]): Promise<Map<string, string>>;
  /** The bytes of a stored file, or a range of them. */
  open(sha1: string, range?: ByteRange): Promise<Readable>;
  /** Stores small bytes made by the server (node data JSON, demo files) and analyses them before answering. */
  storeBytes(userId: number, filename: string, bytes: Buffer): Promise<FileRecord>;
}

/** Tells which of the given files are still used (objects, resource versions, …): those are never swept. */
export interface FileReferenceSource {
  referencedAmong(sha1s: readonly string[]): Promise<Set<string>>;
}

/** Tells which of the given files a user holds through something of their own (an object, a version of their resource). */
export interface FileHoldings {
  heldAmong(userId: number, sha1s: readonly string[]): Promise<Set<string>>;
}

/** Every FileReferenceSource: a sweep reads them all. */
export type FileReferenceSources = { all(): readonly FileReferenceSource[] };

/** How many object bytes a user keeps: uploads beyond the quota are refused before they start. */
export interface StorageUsage {
  usedBytes(userId: number): Promise<number>;
}

declare module '../../platform/modules' {
  interface ModulePorts {
    /** Modules that keep files (storage objects, resource versions) contribute what they still use. */
    fileReferences: FileReferenceSource;
    /** Modules that keep files for their users (storage objects, resource versions): possession of a sha1. */
    fileHoldings: FileHoldings;
    /** The module that counts the upload quota (storage). */
    storageUsage: StorageUsage;
  }
}
