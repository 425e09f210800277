// Duration of audio and video, where the container states it: ISO media (MP4, MOV, M4A) through
// its movie header, everything else music-metadata knows (MP3, WAV, FLAC, Ogg, WebM/Matroska,
// AIFF, ASF) through a streamed parse that stops once the header is read. A container that does
// not tell, or that its parser gives up on, leaves the duration out.
import { readMp4Duration } from './mp4-duration';
import type { StoredBytes } from './stored-bytes';

const ISO_MEDIA = new Set([
  'video/mp4',
  'video/quicktime',
  'audio/mp4',
  'audio/x-m4a',
  'video/x-m4v',
  'video/3gpp',
  'video/3gpp2',
]);

async function parsedDuration(source: StoredBytes, mime: string): Promise<number | undefined> {
  const stream = await source.open();
  try {
    // duration: false keeps MP3 to its header (a CBR file's duration follows from its size).
    const { parseStream } = await import('music-metadata');
    const { format } = await parseStream(
      stream,
      { mimeType: mime, size: source.fileSize },
      { duration: false, skipCovers: true, skipPostHeaders: true },
    );
    return format.duration;
  } catch {
    source.rethrowReadFailure(stream);
    return undefined;
  } finally {
    stream.destroy();
  }
}

/** Seconds, to the millisecond; undefined when the container does not tell. */
export async function readMediaDuration(source: StoredBytes, mime: string): Promise<number | undefined> {
  if (source.fileSize === 0) return undefined;
  const seconds = ISO_MEDIA.has(mime) ? await readMp4Duration(source) : await parsedDuration(source, mime);
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
    ? Math.round(seconds * 1000) / 1000
    : undefined;
}
