// What a file name claims about its content, and the families analysis compares claims in.
// Content decides the mime; the name is the fallback for text (which has no signature) and the
// claim that image, audio and video content must live up to.

/** `media` is audio and video together: an `.m4a` may well hold what reads as video/mp4. */
export type ContentFamily = 'image' | 'media' | 'text' | 'other';

export type ClaimedType = {
  /** Lowercase, without the dot. */
  extension: string;
  mime: string;
  family: ContentFamily;
};

export const JSON_MIME = 'application/json';
export const SVG_MIME = 'image/svg+xml';
export const OCTET_STREAM = 'application/octet-stream';

const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  json: JSON_MIME,
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  svg: SVG_MIME,
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  heic: 'image/heic',
  heif: 'image/heif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/x-m4a',
  aac: 'audio/aac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/matroska',
  ogv: 'video/ogg',
  avi: 'video/vnd.avi',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  flv: 'video/x-flv',
  '3gp': 'video/3gpp',
};

const MEDIA_CONTAINERS = new Set(['application/ogg', 'application/vnd.ms-asf']);

/** The mime without parameters (`audio/ogg; codecs=opus` → `audio/ogg`). */
export function baseMime(mime: string): string {
  return mime.split(';')[0]?.trim().toLowerCase() ?? mime;
}

export function familyOf(mime: string): ContentFamily {
  const base = baseMime(mime);
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('audio/') || base.startsWith('video/') || MEDIA_CONTAINERS.has(base)) return 'media';
  if (base.startsWith('text/') || base === JSON_MIME || base === 'application/xml' || base === 'application/yaml')
    return 'text';
  return 'other';
}

/** What the name's extension says the file is; undefined for names the table does not know. */
export function claimedType(filename: string): ClaimedType | undefined {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(filename.trim())?.[1]?.toLowerCase();
  const mime = extension === undefined ? undefined : MIME_BY_EXTENSION[extension];
  if (extension === undefined || mime === undefined) return undefined;
  return { extension, mime, family: familyOf(mime) };
}

/** Short English name of a format for messages: 'PNG image', 'MP3 audio file', 'MP4 video'. */
export function formatLabel(extension: string, mime: string): string {
  const base = baseMime(mime);
  const noun = base.startsWith('image/')
    ? 'image'
    : base.startsWith('audio/')
      ? 'audio file'
      : base.startsWith('video/')
        ? 'video'
        : 'file';
  return `${extension.toUpperCase()} ${noun}`;
}
