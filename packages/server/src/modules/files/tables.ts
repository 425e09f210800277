// The files tables (files, file_uploads, public_images): row types, merged into Database.

/** A content-addressed file: bytes stored once, whoever uploads them (DOMAIN §2.23). */
export type FilesTable = {
  sha1: string;
  fileSize: number;
  /** Where the driver keeps the bytes; never shown. */
  storageKey: string;
  /** 0 not analysed, 1 analysing, 2 success, 3 failed. */
  metaAnalyzeStatus: number;
  /** JSON `{fileSize, mime, width?, height?, duration?}`; '{}' until analysed. */
  metaInfo: string;
  analyseError: string;
  /** When the running analysis started (a stale one is taken over); null when none runs. */
  analyseStartDate: string | null;
  /** The name the file was first uploaded with: the extension is the mime fallback. */
  filenameHint: string;
  /** Unreferenced files are removed 24 h after this. */
  lastUploadDate: string;
  createDate: string;
  updateDate: string;
};

/** Who uploaded a file (one row per user and file). */
export type FileUploadsTable = {
  sha1: string;
  userId: number;
  filename: string;
  createDate: string;
};

/** An image published at /images/{sha1}.{ext} (covers; no login, no quota). */
export type PublicImagesTable = {
  sha1: string;
  ext: string;
  mime: string;
  width: number;
  height: number;
  /** The first uploader. */
  userId: number;
  createDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    files: FilesTable;
    file_uploads: FileUploadsTable;
    public_images: PublicImagesTable;
  }
}
