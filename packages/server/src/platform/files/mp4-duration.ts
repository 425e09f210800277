// Duration of an ISO base media file (MP4, MOV, M4A, 3GP) from its movie header: moov/mvhd, or
// moov/mvex/mehd for a fragmented file. Only box headers are read, each with a small range read,
// so the media data (mdat) is skipped whatever its size and wherever moov sits.
import type { StoredBytes } from './stored-bytes';

type Box = { type: string; start: number; bodyStart: number; end: number };

/** A sane file has a handful of boxes per level; more is a damaged or hostile file. */
const MAX_BOXES_PER_LEVEL = 64;

async function readBoxHeader(source: StoredBytes, offset: number, parentEnd: number): Promise<Box | undefined> {
  const header = await source.bytes(offset, 16);
  if (header.length < 8) return undefined;
  const type = header.toString('latin1', 4, 8);
  let size = header.readUInt32BE(0);
  let headerSize = 8;
  if (size === 1) {
    if (header.length < 16) return undefined;
    size = Number(header.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size === 0) {
    size = parentEnd - offset; // "extends to the end of the file"
  }
  if (size < headerSize || offset + size > parentEnd) return undefined;
  return { type, start: offset, bodyStart: offset + headerSize, end: offset + size };
}

async function findBox(source: StoredBytes, type: string, start: number, end: number): Promise<Box | undefined> {
  let offset = start;
  for (let count = 0; count < MAX_BOXES_PER_LEVEL && offset + 8 <= end; count += 1) {
    const box = await readBoxHeader(source, offset, end);
    if (!box) return undefined;
    if (box.type === type) return box;
    offset = box.end;
  }
  return undefined;
}

/** version 0: 32-bit times; version 1: 64-bit. Returns [timescale, duration]. */
async function readMovieHeader(source: StoredBytes, mvhd: Box): Promise<[number, number] | undefined> {
  const body = await source.bytes(mvhd.bodyStart, 32);
  if (body.length < 20) return undefined;
  if (body[0] === 1) {
    if (body.length < 32) return undefined;
    return [body.readUInt32BE(20), Number(body.readBigUInt64BE(24))];
  }
  const duration = body.readUInt32BE(16);
  return [body.readUInt32BE(12), duration === 0xffffffff ? 0 : duration];
}

async function readFragmentDuration(source: StoredBytes, moov: Box): Promise<number> {
  const mvex = await findBox(source, 'mvex', moov.bodyStart, moov.end);
  const mehd = mvex && (await findBox(source, 'mehd', mvex.bodyStart, mvex.end));
  if (!mehd) return 0;
  const body = await source.bytes(mehd.bodyStart, 12);
  if (body[0] === 1) return body.length >= 12 ? Number(body.readBigUInt64BE(4)) : 0;
  return body.length >= 8 ? body.readUInt32BE(4) : 0;
}

/** Seconds, or undefined when the file has no readable movie header or leaves its duration open. */
export async function readMp4Duration(source: StoredBytes): Promise<number | undefined> {
  const moov = await findBox(source, 'moov', 0, source.fileSize);
  const mvhd = moov && (await findBox(source, 'mvhd', moov.bodyStart, moov.end));
  const header = mvhd && (await readMovieHeader(source, mvhd));
  if (!moov || !header) return undefined;
  const [timescale, movieDuration] = header;
  const duration = movieDuration > 0 ? movieDuration : await readFragmentDuration(source, moov);
  return timescale > 0 && duration > 0 ? duration / timescale : undefined;
}
