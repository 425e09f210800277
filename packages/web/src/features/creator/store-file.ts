import { FILE_ANALYSIS_POLL_MS, fileAnalysisState } from '@tessera/domain';
import type { ApiClient } from '../../shared/api';
import { analysisOf, fetchFileAnalysis, fileExists, hashFile, uploadFile } from '../storage';

// A version's file: hashed in the browser, uploaded only when the platform lacks it, then
// followed until its analysis ends (SPEC §4). The storage page's queue also creates objects and
// asks about name clashes; a version needs none of that, only the stored, analysed file.

export type StoreProgress = { phase: 'hashing' | 'uploading'; percent: number } | { phase: 'checking' | 'analysing' };

export class FileAnalysisFailed extends Error {}

export async function storeFile(
  api: ApiClient,
  file: File,
  onProgress: (progress: StoreProgress) => void,
): Promise<{ sha1: string; instant: boolean }> {
  onProgress({ phase: 'hashing', percent: 0 });
  const hashed = await hashFile(file, { onPercent: (percent) => onProgress({ phase: 'hashing', percent }) });
  onProgress({ phase: 'checking' });
  const known = (await fileExists(api, hashed)).some((item) => item.isExisting);
  let sha1 = hashed;
  if (!known) {
    onProgress({ phase: 'uploading', percent: 0 });
    const uploaded = await uploadFile(api, file, {
      onPercent: (percent) => onProgress({ phase: 'uploading', percent }),
    });
    sha1 = uploaded.sha1;
  }
  onProgress({ phase: 'analysing' });
  await waitForAnalysis(api, sha1);
  return { sha1, instant: known };
}

async function waitForAnalysis(api: ApiClient, sha1: string): Promise<void> {
  for (;;) {
    const item = analysisOf(await fetchFileAnalysis(api, sha1), sha1);
    const state = fileAnalysisState(item?.metaAnalyzeStatus);
    if (state === 'success') return;
    if (state !== 'analysing') throw new FileAnalysisFailed(item?.analyseError ?? state);
    await new Promise((resolve) => setTimeout(resolve, FILE_ANALYSIS_POLL_MS));
  }
}
