// File analysis (DOMAIN §3.9): the mime from the content (file-type's signatures), the name's
// extension only where content has no signature (text); image width/height; audio and video
// duration where the container tells it. Only the parts of the file each step needs are read.
//
// Decisions:
// - Content wins. A name claiming an image, audio or video that the content is not (`photo.png`
//   holding text) fails with `wrong-type`; a `.txt` holding a PNG is simply a PNG.
// - An image format sharp reads (JPEG, PNG, GIF, WebP, AVIF, TIFF, SVG) that sharp cannot read
//   fails with `damaged`. Only the header is read: bytes cut off after it are not noticed, and a
//   file over 32 MiB whose header is not found in that part goes without a size (image-size.ts).
// - A `.json` name is a promise the content parses (up to 16 MiB; beyond, its start is checked).
// - Bytes without signature or known text extension: `text/plain` when they read as text, else
//   `application/octet-stream`.
// - Bad content only ever fails with AnalysisError; a failing store read is passed on as it is
//   (not the file's fault: the caller may try again).
import { fileTypeFromStream } from 'file-type/node';
import { AnalysisError, type FileMetaInfo } from './analysis-types';
import type { FileStore } from './file-store';
import {
  baseMime,
  claimedType,
  familyOf,
  formatLabel,
  JSON_MIME,
  OCTET_STREAM,
  SVG_MIME,
  type ClaimedType,
} from './file-kinds';
import { imageReading, readImageSize } from './image-size';
import { readMediaDuration } from './media-duration';
import { StoredBytes } from './stored-bytes';
import { assertJson, looksLikeSvg, looksLikeText } from './text-content';

export type AnalysisHints = {
  /** The name the file was uploaded under; its extension is a claim, not the truth. */
  filenameHint: string;
  fileSize: number;
  /** Default ANALYSIS_TIMEOUT_MS. */
  timeoutMs?: number;
};

export const ANALYSIS_TIMEOUT_MS = 60_000;

/** How much of the start is looked at to tell text from binary and to spot an SVG drawing. */
const SNIFF_BYTES = 64 * 1024;

type Detected = { ext: string; mime: string };
type Description = Omit<FileMetaInfo, 'fileSize'>;

function wrongType(claimed: ClaimedType): AnalysisError {
  return new AnalysisError(`content is not a valid ${formatLabel(claimed.extension, claimed.mime)}`, 'wrong-type');
}

async function detectFormat(source: StoredBytes): Promise<Detected | undefined> {
  if (source.fileSize === 0) return undefined;
  const stream = await source.open();
  try {
    const found = await fileTypeFromStream(stream);
    return found && { ext: found.ext, mime: baseMime(found.mime) };
  } catch {
    source.rethrowReadFailure(stream);
    return undefined;
  } finally {
    stream.destroy();
  }
}

/** Content a signature identified as binary (not text): images are measured, media timed. */
async function describeBinary(
  source: StoredBytes,
  detected: Detected,
  claimed: ClaimedType | undefined,
): Promise<Description> {
  const family = familyOf(detected.mime);
  if (claimed && claimed.family !== 'text' && claimed.family !== family) throw wrongType(claimed);
  if (family === 'media') {
    const duration = await readMediaDuration(source, detected.mime);
    return { mime: detected.mime, ...(duration === undefined ? {} : { duration }) };
  }
  const reading = family === 'image' ? imageReading(detected.mime) : 'no';
  if (reading === 'no') return { mime: detected.mime };
  const size = await readImageSize(source);
  if (size === 'unreadable' && reading === 'required') {
    throw new AnalysisError(`the ${formatLabel(detected.ext, detected.mime)} is damaged or incomplete`, 'damaged');
  }
  return { mime: detected.mime, ...(typeof size === 'object' ? size : {}) };
}

/** Content without a binary signature: an SVG drawing, text, or unknown bytes. */
async function describeText(
  source: StoredBytes,
  detected: Detected | undefined,
  claimed: ClaimedType | undefined,
): Promise<Description> {
  const head = await source.bytes(0, SNIFF_BYTES);
  const claimsSvg = claimed?.mime === SVG_MIME;
  if (claimsSvg || looksLikeSvg(head)) {
    const size = head.length > 0 ? await readImageSize(source) : 'unreadable';
    if (typeof size === 'object') return { mime: SVG_MIME, ...size };
    if (size === 'unknown' && claimsSvg) return { mime: SVG_MIME };
  }
  if (claimed && claimed.family !== 'text') throw wrongType(claimed);
  if (head.length === 0) return { mime: claimed?.mime ?? OCTET_STREAM };
  if (!looksLikeText(head)) return { mime: OCTET_STREAM };
  return { mime: claimed?.mime ?? detected?.mime ?? 'text/plain' };
}

async function describeContent(source: StoredBytes, filenameHint: string): Promise<Description> {
  const claimed = claimedType(filenameHint);
  const detected = await detectFormat(source);
  if (claimed?.mime === JSON_MIME) {
    if (detected && familyOf(detected.mime) !== 'text')
      throw new AnalysisError('content is not valid JSON', 'invalid-json');
    await assertJson(source);
    return { mime: JSON_MIME };
  }
  if (detected && familyOf(detected.mime) !== 'text') return describeBinary(source, detected, claimed);
  return describeText(source, detected, claimed);
}

/** What the stored bytes are; AnalysisError when they are damaged, lie about their type or take too long. */
export async function analyzeStoredFile(
  store: FileStore,
  storageKey: string,
  hints: AnalysisHints,
): Promise<FileMetaInfo> {
  const source = new StoredBytes(store, storageKey, hints.fileSize);
  const timeoutMs = hints.timeoutMs ?? ANALYSIS_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new AnalysisError(`analysis took longer than ${timeoutMs / 1000} seconds`, 'timeout'));
    }, timeoutMs);
  });
  const work = describeContent(source, hints.filenameHint);
  // Once the timeout wins, whatever the abandoned work still throws is of no interest.
  void work.catch(() => undefined);
  try {
    return { fileSize: hints.fileSize, ...(await Promise.race([work, timedOut])) };
  } finally {
    clearTimeout(timer);
    source.cancel();
  }
}
