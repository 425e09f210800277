// Zip packages (a theme or widget, DOMAIN §5.9; a node's theme app). Reading one file: the central
// directory names the entries; stored and deflated entries are read. Packages are read whole, so their
// size is capped by the callers; an entry is never inflated past `maxBytes` (a zip bomb stops there).
// Writing: `storedZip` packs text files uncompressed (the demo packages, tests).
import { crc32, inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65535. */
const END_SEARCH = 22 + 0xffff;
/** The largest file read out of a package. */
export const MAX_ZIP_ENTRY_BYTES = 16 * 1024 * 1024;

/**
 * The bytes of `path` in the zip archive, or undefined when it has no such entry, is no zip we read,
 * or the entry would be larger than `maxBytes`.
 */
export function zipEntry(archive: Buffer, path: string, maxBytes = MAX_ZIP_ENTRY_BYTES): Buffer | undefined {
  const wanted = path.replace(/^\.?\/+/, '');
  const end = findEnd(archive);
  if (end === undefined) return undefined;
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > archive.length || archive.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localOffset = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (name === wanted) return entryBytes(archive, localOffset, method, compressedSize, maxBytes);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}

function findEnd(archive: Buffer): number | undefined {
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - END_SEARCH); at -= 1)
    if (archive.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return undefined;
}

function entryBytes(
  archive: Buffer,
  offset: number,
  method: number,
  size: number,
  maxBytes: number,
): Buffer | undefined {
  if (offset + 30 > archive.length || archive.readUInt32LE(offset) !== LOCAL_HEADER) return undefined;
  const start = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
  const data = archive.subarray(start, start + size);
  if (method === 0) return data.length <= maxBytes ? data : undefined;
  if (method !== 8) return undefined;
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    // Larger than maxBytes, or not deflate data.
    return undefined;
  }
}

/** The type of a package file by its extension; unknown ones are plain bytes. */
export function mimeOfPath(path: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

const MIME_BY_EXTENSION: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

/** A zip archive with stored (uncompressed) entries: enough for a theme or a widget package. */
export function storedZip(entries: Readonly<Record<string, string>>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    header.copy(central, 10, 8, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += header.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(locals.length / 3, 8);
  end.writeUInt16LE(locals.length / 3, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
