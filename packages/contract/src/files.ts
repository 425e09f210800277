import { Type, type Static } from '@sinclair/typebox';
import { SHA1_PATTERN } from '@tessera/domain';

export const Sha1 = Type.String({ pattern: SHA1_PATTERN, description: 'SHA-1 of the bytes: 40 hex characters' });

const Sha1Csv = Type.Array(Type.String(), {
  description: 'comma-separated SHA-1 values (≤ 100); the parameter may also repeat',
});

/** `sha1=a,b` as the client sends it; `sha1s=a,b` (DOMAIN's name) is accepted too. */
export const Sha1ListQuery = Type.Object({
  sha1: Type.Optional(Sha1Csv),
  sha1s: Type.Optional(Sha1Csv),
  resourceTypeCode: Type.Optional(Type.String({ description: 'accepted and not used: answers do not depend on it' })),
});
export type Sha1ListQuery = Static<typeof Sha1ListQuery>;

export const Sha1Params = Type.Object({ sha1: Sha1 });
export type Sha1Params = Static<typeof Sha1Params>;

export const DownloadQuery = Type.Object({
  attachmentName: Type.Optional(Type.String({ description: 'accepted and not used' })),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

export const MetaInfo = Type.Object({
  fileSize: Type.Integer(),
  mime: Type.String({ description: 'detected from the bytes (the extension is the fallback)' }),
  width: Type.Optional(Type.Integer({ description: 'images' })),
  height: Type.Optional(Type.Integer({ description: 'images' })),
  duration: Type.Optional(Type.Number({ description: 'seconds, for audio and video whose container tells it' })),
});
export type MetaInfo = Static<typeof MetaInfo>;

export const UploadAnswer = Type.Object({ sha1: Sha1, fileSize: Type.Integer() });
export type UploadAnswer = Static<typeof UploadAnswer>;

export const ExistenceItem = Type.Object({
  sha1: Type.String(),
  isExisting: Type.Boolean({ description: 'stored and analysed (status 2)' }),
});
export type ExistenceItem = Static<typeof ExistenceItem>;

export const FileInfoItem = Type.Object({
  sha1: Type.String(),
  fileSize: Type.Optional(Type.Integer()),
  metaInfo: Type.Optional(Type.Union([MetaInfo, Type.Null()], { description: 'null until the analysis succeeded' })),
  metaAnalyzeStatus: Type.Optional(Type.Integer({ description: '0 waiting, 1 analysing, 2 success, 3 failed' })),
  analyseError: Type.Optional(Type.String({ description: 'status 3: why, in the caller’s language' })),
});
export type FileInfoItem = Static<typeof FileInfoItem>;

export const PublishedImage = Type.Object({
  url: Type.String({ description: '/images/{sha1}.{ext}: public, no login' }),
  sha1: Sha1,
});
export type PublishedImage = Static<typeof PublishedImage>;

const Pixels = (description: string, minimum: number) => Type.Integer({ minimum, maximum: 100_000, description });
const OutputPixels = (description: string) => Type.Integer({ minimum: 1, maximum: 4096, description });

export const ImageHandleBody = Type.Object({
  sha1: Sha1,
  crop: Type.Optional(
    Type.Object(
      { x: Pixels('left edge', 0), y: Pixels('top edge', 0), width: Pixels('width', 1), height: Pixels('height', 1) },
      { description: 'the area to keep, in pixels of the upright picture' },
    ),
  ),
  width: Type.Optional(OutputPixels('output width; with height, the picture is cut to fill both')),
  height: Type.Optional(OutputPixels('output height')),
});
export type ImageHandleBody = Static<typeof ImageHandleBody>;

export const CoverBody = Type.Object({ sha1: Sha1 });
export type CoverBody = Static<typeof CoverBody>;
