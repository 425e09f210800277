// STUB (to be replaced by the analysis work).
import type { FileMetaInfo } from './analysis-types';
import type { FileStore } from './file-store';

export type AnalysisHints = { filenameHint: string; fileSize: number };

export async function analyzeStoredFile(store: FileStore, storageKey: string, hints: AnalysisHints): Promise<FileMetaInfo> {
  void store;
  void storageKey;
  return { fileSize: hints.fileSize, mime: 'application/octet-stream' };
}
