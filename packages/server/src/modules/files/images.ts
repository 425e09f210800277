// Public images (covers): what the content says decides the format, never the name or the declared
// type. Every image is decoded and encoded again by sharp, which turns it upright and drops its
// metadata (EXIF, GPS, comments) and anything hidden after the picture.
import { ErrCode } from '@tessera/domain';
import sharp, { type Sharp } from 'sharp';
import { AppError, badParam, type BadParamsError } from '../../platform/errors';
import { IMAGE_UPLOAD_MAX_BYTES, sizeText } from './limits';

export type PublicImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

export type EncodedImage = {
  bytes: Buffer;
  format: PublicImageFormat;
  ext: string;
  mime: string;
  width: number;
  height: number;
};

export type CropArea = { x: number; y: number; width: number; height: number };
export type ImageEdit = { crop?: CropArea; width?: number; height?: number };

export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 600;
/** Decoding more pixels than this costs too much memory (a small file can hold a huge picture). */
const MAX_INPUT_PIXELS = 50_000_000;

const FORMAT_BY_MIME: Record<string, PublicImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const EXT_BY_FORMAT: Record<PublicImageFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };
const MIME_BY_FORMAT: Record<PublicImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const PUBLIC_IMAGE_EXTS: readonly string[] = Object.values(EXT_BY_FORMAT);

export const imageTooLarge = (): BadParamsError =>
  badParam('file', 'maxSize', 'files.image.tooLarge', { limit: sizeText(IMAGE_UPLOAD_MAX_BYTES) });
const unsupportedImage = (): BadParamsError => badParam('file', 'imageType', 'files.image.unsupported');
const unreadableImage = (): AppError => new AppError(ErrCode.Business, 'files.image.unreadable');

/** The public image format of a mime type, if it is one. */
export function publicFormatOf(mime: string): PublicImageFormat | undefined {
  return FORMAT_BY_MIME[mime.toLowerCase()];
}

/** Checks the bytes' signature before sharp sees them: only the four raster formats reach the decoder. */
async function formatByContent(bytes: Buffer): Promise<PublicImageFormat | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  return type ? publicFormatOf(type.mime) : undefined;
}

function decoder(bytes: Buffer, animated: boolean): Sharp {
  return sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, animated });
}

function encodeAs(image: Sharp, format: PublicImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85 });
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: 85 });
  }
}

async function encoded(image: Sharp, format: PublicImageFormat): Promise<EncodedImage> {
  const { data, info } = await encodeAs(image, format).toBuffer({ resolveWithObject: true });
  // An animation is a strip of frames: the picture is one frame high.
  const height = info.pageHeight ?? info.height;
  return { bytes: data, format, ext: EXT_BY_FORMAT[format], mime: MIME_BY_FORMAT[format], width: info.width, height };
}

/** Decoding problems of the caller's bytes become `unreadable`; our own errors pass. */
async function decoding<T>(work: () => Promise<T>, unreadable: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}

/** An uploaded picture as a clean public image in its own format (animations kept). */
export async function cleanUploadedImage(upload: Buffer): Promise<EncodedImage> {
  if (upload.length > IMAGE_UPLOAD_MAX_BYTES) throw imageTooLarge();
  const format = await formatByContent(upload);
  if (!format) throw unsupportedImage();
  return decoding(
    () => encoded(decoder(upload, true), format),
    () => badParam('file', 'imageData', 'files.image.unreadable'),
  );
}

function assertCropInside(crop: CropArea, width: number, height: number): void {
  if (crop.x + crop.width > width || crop.y + crop.height > height) {
    throw badParam('crop', 'outside', 'files.image.cropOutside', { width, height });
  }
}

/** A stored picture cropped (in upright coordinates) and/or resized, in its own format. */
export async function editImage(source: Buffer, format: PublicImageFormat, edit: ImageEdit): Promise<EncodedImage> {
  return decoding(async () => {
    const metadata = await decoder(source, false).metadata();
    const upright = metadata.autoOrient;
    if (edit.crop) assertCropInside(edit.crop, upright.width, metadata.pageHeight ?? upright.height);
    let image = decoder(source, format === 'gif' || format === 'webp');
    if (edit.crop)
      image = image.extract({ left: edit.crop.x, top: edit.crop.y, width: edit.crop.width, height: edit.crop.height });
    if (edit.width !== undefined || edit.height !== undefined)
      image = image.resize(edit.width, edit.height, { fit: 'cover' });
    return encoded(image, format);
  }, unreadableImage);
}

/** An 800×600 JPEG cover cut from the middle of a picture (the first frame of an animation). */
export async function coverFromPicture(picture: Buffer): Promise<EncodedImage> {
  return decoding(
    () =>
      encoded(
        decoder(picture, false)
          .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover', position: 'centre' })
          .flatten({ background: '#ffffff' }),
        'jpeg',
      ),
    unreadableImage,
  );
}
