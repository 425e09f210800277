// Which resources the details page previews (issue 16): images, audio and video, by the first entry of
// their type path, and which stored types are served for each (images: raster types browsers show
// safely, and SVG, which the server answers only under a sandboxing content policy).

export type PreviewKind = 'image' | 'audio' | 'video';

const PREVIEW_KINDS: readonly string[] = ['image', 'audio', 'video'] satisfies PreviewKind[];

/** Image types a preview may answer as they are stored. */
export const PREVIEW_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/svg+xml',
];

/** The preview a resource of this type path has, or null (the first entry is its level-1 code). */
export function previewKindOf(resourceType: readonly string[]): PreviewKind | null {
  const [code] = resourceType;
  return code !== undefined && PREVIEW_KINDS.includes(code) ? (code as PreviewKind) : null;
}

/** Whether stored bytes of type `mime` (parameters ignored) may be answered as a preview of `kind`. */
export function isPreviewableType(kind: PreviewKind, mime: string): boolean {
  const type = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return kind === 'image' ? PREVIEW_IMAGE_TYPES.includes(type) : type.startsWith(`${kind}/`);
}
