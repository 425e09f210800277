// Turning an uploaded file into the stored avatar. The file's content decides what it is: its name
// and declared type are never trusted. Only raster formats with a known signature reach the image
// decoder (SVG, PDF, archives and the rest are refused before sharp sees them), then sharp's own
// reading of the header must agree, and the decoded image is re-encoded, which drops any payload.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { badParam, BadParamsError } from '../../platform/errors';
import { AVATAR_SIZE } from './default-avatar';

/** DOMAIN §5 limits: image uploads ≤ 5 MiB. */
export const AVATAR_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decoding more pixels than this costs too much memory (a small PNG can hold a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;
export const AVATAR_MIME = 'image/webp';
export const FILE_FIELD = 'file';

export type AvatarImage = { image: Buffer; mime: string; sha1: string; width: number; height: number };

type AcceptedFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const SIGNATURES: readonly { format: AcceptedFormat; matches: (bytes: Buffer) => boolean }[] = [
  { format: 'jpeg', matches: (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    format: 'png',
    matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { format: 'gif', matches: (bytes) => ['GIF87a', 'GIF89a'].includes(bytes.toString('latin1', 0, 6)) },
  {
    format: 'webp',
    matches: (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
  },
];

export function fileTooLarge(): BadParamsError {
  return badParam(FILE_FIELD, 'maxSize', 'avatars.fileTooLarge', { limit: '5 MiB' });
}

const unsupportedImage = (): BadParamsError => badParam(FILE_FIELD, 'imageType', 'avatars.unsupportedImage');
const unreadableImage = (): BadParamsError => badParam(FILE_FIELD, 'imageData', 'avatars.unreadableImage');

function formatBySignature(bytes: Buffer): AcceptedFormat | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.format;
}

/** A 256×256 centre crop as WebP without metadata (EXIF, GPS, ICC); errCode 4 naming `file` otherwise. */
export async function toAvatarImage(upload: Buffer): Promise<AvatarImage> {
  if (upload.length > AVATAR_MAX_UPLOAD_BYTES) throw fileTooLarge();
  const format = formatBySignature(upload);
  if (!format) throw unsupportedImage();
  // Only the first frame of an animation; a damaged file fails instead of giving a half-grey picture.
  const input = () => sharp(upload, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
  let image: Buffer;
  try {
    const metadata = await input().metadata();
    if (metadata.format !== format) throw unsupportedImage();
    image = await input()
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof BadParamsError) throw error;
    throw unreadableImage();
  }
  return {
    image,
    mime: AVATAR_MIME,
    sha1: createHash('sha1').update(image).digest('hex'),
    width: AVATAR_SIZE,
    height: AVATAR_SIZE,
  };
}
