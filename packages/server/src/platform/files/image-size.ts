// Width and height of an image from sharp's metadata, which reads the header only. sharp takes the
// bytes as one buffer, so analysis hands it the start of the file, and more only when that is not
// enough (a JPEG with a large EXIF block, an SVG document, a TIFF whose directory comes late).
// A file is only called unreadable when sharp saw all of it: a huge file whose header lies past
// the last try is not failed for it, it just goes without a size.
import sharp from 'sharp';
import type { StoredBytes } from './stored-bytes';

export type ImageSize = { width: number; height: number };

/** How much of the file sharp is shown, try after try; a header past the last is not found. */
const HEAD_SIZES = [1024 * 1024, 32 * 1024 * 1024];

/** Formats sharp reads: for these a failure means a damaged image. */
const READABLE_IMAGES = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/svg+xml',
]);
/** HEIF photos need codecs a sharp build may lack: their size is taken when it can be. */
const SOMETIMES_READABLE_IMAGES = new Set(['image/heic', 'image/heif']);

export type ImageReading = 'required' | 'if-possible' | 'no';

export function imageReading(mime: string): ImageReading {
  if (READABLE_IMAGES.has(mime)) return 'required';
  return SOMETIMES_READABLE_IMAGES.has(mime) ? 'if-possible' : 'no';
}

async function sizeFromHeader(bytes: Buffer): Promise<ImageSize | undefined> {
  try {
    const metadata = await sharp(bytes).metadata();
    // Displayed size: EXIF orientations 5–8 swap width and height.
    const { width, height } = metadata.autoOrient ?? metadata;
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The image's displayed size; `unreadable` when sharp had the whole file and could not read it;
 * `unknown` when the file is larger than sharp was shown and it found no header in that part.
 */
export async function readImageSize(source: StoredBytes): Promise<ImageSize | 'unreadable' | 'unknown'> {
  for (const headSize of HEAD_SIZES) {
    const bytes = await source.bytes(0, headSize);
    const size = bytes.length > 0 ? await sizeFromHeader(bytes) : undefined;
    if (size) return size;
    if (bytes.length >= source.fileSize) return 'unreadable';
  }
  return 'unknown';
}
