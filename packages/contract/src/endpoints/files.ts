// The file calls (API.md §3.4, §5.2): instant-upload checks, the multipart uploads, the analysis the
// clients poll (SPEC §4), published images, and the uploader's download (a browser navigation).
import type {
  CoverBody,
  DownloadQuery,
  ExistenceItem,
  FileInfoItem,
  ImageHandleBody,
  MetaInfo,
  PublishedImage,
  Sha1ListQuery,
  Sha1Params,
  UploadAnswer,
} from '../files';
import { endpoint } from '../endpoint';

const FILES = '/storages/files';

/** The sha1 values travel as one comma-separated value (an array would go out as `sha1[]=…`). */
type Sha1sQuery = Omit<Sha1ListQuery, 'sha1' | 'sha1s'> & { sha1: string };

export const fileEndpoints = {
  /** `isExisting` only once stored and analysed. */
  fileIsExist: endpoint<{ query: Sha1sQuery; answer: ExistenceItem[] }>('GET', `${FILES}/fileIsExist`),
  /** One item per sha1 (`{sha1}` alone when unknown); polled every 500 ms while analysing. */
  info: endpoint<{ query: Sha1sQuery; answer: FileInfoItem[] }>('GET', `${FILES}/list/info`),
  property: endpoint<{ params: Sha1Params; answer: MetaInfo | null }>('GET', `${FILES}/:sha1/property`),
  /** Multipart: the field `file` (an optional text field `resourceType` before it). */
  upload: endpoint<{ body: FormData; answer: UploadAnswer }>('POST', `${FILES}/upload`),
  /** Multipart: the picture in the field `file`, at most 5 MiB; published at `url`. */
  uploadImage: endpoint<{ body: FormData; answer: PublishedImage }>('POST', `${FILES}/uploadImage`),
  imageHandle: endpoint<{ body: ImageHandleBody; answer: PublishedImage }>('POST', `${FILES}/imageHandle`),
  generateCoverImage: endpoint<{ body: CoverBody; answer: PublishedImage }>('POST', `${FILES}/generateCoverImage`),
  /** Not for `ApiClient.call`: the bytes, for a browser navigation to `fillPath(path, params)`. */
  download: endpoint<{ params: Sha1Params; query: DownloadQuery; answer: never }>('GET', `${FILES}/:sha1/download`),
};
