import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisError, type AnalysisFailure, type FileMetaInfo } from './analysis-types';
import { analyzeStoredFile } from './analyze';
import { StoredFileNotFoundError, type ByteRange, type FileStore } from './file-store';
import { LocalFileStore } from './local-store';
import {
  sampleFile,
  sampleImage,
  sampleJson,
  sampleMarkdown,
  sampleMp3,
  sampleMp4,
  sampleSvg,
  sampleText,
  sampleWav,
} from './samples';

let root: string;
let store: LocalFileStore;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tessera-analysis-'));
  store = new LocalFileStore(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Reads through to a real store, counting the bytes analysis actually pulls. */
class CountingStore implements FileStore {
  readonly kind = 'local';
  bytesRead = 0;
  readonly #inner: FileStore;

  constructor(inner: FileStore) {
    this.#inner = inner;
  }

  async read(storageKey: string, range?: ByteRange): Promise<Readable> {
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.bytesRead += chunk.length;
        callback(null, chunk);
      },
    });
    const source = await this.#inner.read(storageKey, range);
    counter.on('close', () => source.destroy());
    return source.pipe(counter);
  }

  write: FileStore['write'] = (source, options) => this.#inner.write(source, options);
  exists: FileStore['exists'] = (key) => this.#inner.exists(key);
  remove: FileStore['remove'] = (key) => this.#inner.remove(key);
  sweepTemporary: FileStore['sweepTemporary'] = (olderThanMs) => this.#inner.sweepTemporary(olderThanMs);
  close: FileStore['close'] = () => this.#inner.close();
}

/** Storage that answers a read and then never delivers a byte, like a hung network connection. */
class StalledStore extends CountingStore {
  readonly opened: Readable[] = [];

  override async read(): Promise<Readable> {
    const stream = new Readable({ read() {} });
    this.opened.push(stream);
    return stream;
  }
}

async function stored(bytes: Buffer): Promise<{ storageKey: string; fileSize: number }> {
  return store.write(Readable.from([bytes]), { maxBytes: 100 * 1024 * 1024 });
}

async function analyze(filename: string, bytes: Buffer, using: FileStore = store): Promise<FileMetaInfo> {
  const { storageKey, fileSize } = await stored(bytes);
  return analyzeStoredFile(using, storageKey, { filenameHint: filename, fileSize });
}

async function failureOf(filename: string, bytes: Buffer): Promise<{ failure: AnalysisFailure; message: string }> {
  try {
    await analyze(filename, bytes);
  } catch (error) {
    if (error instanceof AnalysisError) return { failure: error.failure, message: error.message };
    throw error;
  }
  throw new Error(`${filename} was analysed without error`);
}

describe('file analysis: images', () => {
  it.each([
    ['photo.png', 'png', 'image/png'],
    ['photo.jpg', 'jpeg', 'image/jpeg'],
    ['anim.gif', 'gif', 'image/gif'],
    ['photo.webp', 'webp', 'image/webp'],
    ['photo.avif', 'avif', 'image/avif'],
    ['scan.tiff', 'tiff', 'image/tiff'],
  ] as const)('%s: mime by content, width and height', async (filename, format, mime) => {
    const bytes = await sampleImage(format, { width: 81, height: 47 });
    expect(await analyze(filename, bytes)).toEqual({ fileSize: bytes.length, mime, width: 81, height: 47 });
  });

  it('reports the displayed size of a photo turned by its EXIF orientation', async () => {
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await analyze('portrait.jpg', bytes)).toMatchObject({ mime: 'image/jpeg', width: 48, height: 64 });
  });

  it('reads an SVG drawing by its name or by its content', async () => {
    const bytes = sampleSvg({ width: 120, height: 80 });
    expect(await analyze('drawing.svg', bytes)).toEqual({
      fileSize: bytes.length,
      mime: 'image/svg+xml',
      width: 120,
      height: 80,
    });
    expect(await analyze('drawing', bytes)).toMatchObject({ mime: 'image/svg+xml', width: 120, height: 80 });
  });

  it('takes the content over a wrong image extension of the same family', async () => {
    expect(await analyze('really-a-jpeg.png', await sampleImage('jpeg'))).toMatchObject({
      mime: 'image/jpeg',
      width: 64,
      height: 48,
    });
  });

  it('fails a file named as an image whose content is something else', async () => {
    expect(await failureOf('photo.png', sampleText())).toEqual({
      failure: 'wrong-type',
      message: 'content is not a valid PNG image',
    });
    expect(await failureOf('drawing.svg', sampleText())).toEqual({
      failure: 'wrong-type',
      message: 'content is not a valid SVG image',
    });
    expect(await failureOf('photo.jpg', sampleWav())).toEqual({
      failure: 'wrong-type',
      message: 'content is not a valid JPG image',
    });
  });

  it('fails damaged images: a PNG cut after its header, a JPEG cut before its frame', async () => {
    const png = await sampleImage('png');
    expect(await failureOf('cut.png', png.subarray(0, 33))).toMatchObject({
      message: 'content is not a valid PNG image',
    });
    const jpeg = await sampleImage('jpeg', { width: 400, height: 300 });
    expect(await failureOf('cut.jpg', jpeg.subarray(0, 200))).toEqual({
      failure: 'damaged',
      message: 'the JPG image is damaged or incomplete',
    });
  });

  it('does not fail a huge image whose header it cannot find, it leaves the size out', async () => {
    const bytes = Buffer.alloc(33 * 1024 * 1024, 0x5a);
    bytes.set([0xff, 0xd8, 0xff, 0xe0], 0); // a JPEG start, then no frame header in the first 32 MiB
    expect(await analyze('huge.jpg', bytes)).toEqual({ fileSize: bytes.length, mime: 'image/jpeg' });
    expect(await failureOf('small.jpg', bytes.subarray(0, 1024))).toMatchObject({ failure: 'damaged' });
  });

  it('reads only the start of a large image', async () => {
    const bytes = await sharp({
      create: {
        width: 1500,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    const counting = new CountingStore(store);
    expect(await analyze('noise.png', bytes, counting)).toMatchObject({ width: 1500, height: 1000 });
    expect(counting.bytesRead).toBeLessThan(1.5 * 1024 * 1024);
  });
});

describe('file analysis: audio and video', () => {
  it('reads the duration of a WAV file', async () => {
    const bytes = sampleWav({ seconds: 2.5, sampleRate: 8000 });
    expect(await analyze('tone.wav', bytes)).toEqual({ fileSize: bytes.length, mime: 'audio/wav', duration: 2.5 });
  });

  it('reads the duration of a constant-bitrate MP3 from its size', async () => {
    const result = await analyze('silence.mp3', sampleMp3({ seconds: 3 }));
    expect(result.mime).toBe('audio/mpeg');
    expect(result.duration).toBeCloseTo(3, 1);
  });

  it('reads the duration of an MP4 from its movie header, wherever moov sits', async () => {
    const fastStart = sampleMp4({ seconds: 12.5 });
    expect(await analyze('clip.mp4', fastStart)).toEqual({
      fileSize: fastStart.length,
      mime: 'video/mp4',
      duration: 12.5,
    });
    const moovLast = sampleMp4({ seconds: 7, timescale: 90_000, mediaBytes: 4 * 1024 * 1024, moovLast: true });
    const counting = new CountingStore(store);
    expect(await analyze('recording.mp4', moovLast, counting)).toMatchObject({ mime: 'video/mp4', duration: 7 });
    expect(counting.bytesRead).toBeLessThan(512 * 1024);
  });

  it('leaves the duration out when the container does not tell it', async () => {
    expect(await analyze('open.mp4', sampleMp4({ seconds: 0 }))).toEqual({
      fileSize: expect.any(Number),
      mime: 'video/mp4',
    });
    const noMovie = sampleMp4().subarray(0, 28); // ftyp only
    expect(await analyze('nomovie.mp4', noMovie)).toEqual({ fileSize: 28, mime: 'video/mp4' });
  });

  it('keeps audio and video as one family: an .mp3 name holding a WAV is a WAV', async () => {
    expect(await analyze('song.mp3', sampleWav({ seconds: 1 }))).toMatchObject({ mime: 'audio/wav', duration: 1 });
  });

  it('fails a file named as audio or video whose content is something else', async () => {
    expect(await failureOf('clip.mp4', sampleText())).toEqual({
      failure: 'wrong-type',
      message: 'content is not a valid MP4 video',
    });
    expect(await failureOf('song.mp3', await sampleImage('png'))).toEqual({
      failure: 'wrong-type',
      message: 'content is not a valid MP3 audio file',
    });
  });

  it('survives corrupt containers without failing the server', async () => {
    const wav = sampleWav({ seconds: 1 });
    wav.writeUInt32LE(0xffffffff, 40); // data chunk claims 4 GiB
    expect((await analyze('lying.wav', wav)).mime).toBe('audio/wav');
    const mp4 = Buffer.concat([
      sampleMp4().subarray(0, 28),
      Buffer.from([0, 0, 0, 3, 0x6d, 0x6f, 0x6f, 0x76, 1, 2, 3, 4]),
    ]);
    expect(await analyze('garbled.mp4', mp4)).toEqual({ fileSize: mp4.length, mime: 'video/mp4' });
    const mp3 = sampleMp3({ seconds: 1 });
    mp3.fill(0xff, 4);
    expect((await analyze('noise.mp3', mp3)).mime).toBe('audio/mpeg');
  });
});

describe('file analysis: text and other bytes', () => {
  it('names text by its extension', async () => {
    expect(await analyze('readme.md', sampleMarkdown())).toMatchObject({ mime: 'text/markdown' });
    expect(await analyze('notes.txt', sampleText())).toMatchObject({ mime: 'text/plain' });
    expect(await analyze('table.csv', Buffer.from('a,b\n1,2\n'))).toMatchObject({ mime: 'text/csv' });
    expect(await analyze('README', sampleText())).toMatchObject({ mime: 'text/plain' });
  });

  it('takes the content over a text extension', async () => {
    expect(await analyze('notes.txt', await sampleImage('png'))).toMatchObject({
      mime: 'image/png',
      width: 64,
      height: 48,
    });
    expect(await analyze('notes.txt', Buffer.from([0, 1, 2, 3, 0xfe, 0x00, 0x10]))).toMatchObject({
      mime: 'application/octet-stream',
    });
  });

  it('checks that a .json file parses', async () => {
    const json = sampleJson({ theme: 'dark', 名称: '节点' });
    expect(await analyze('node.json', json)).toEqual({ fileSize: json.length, mime: 'application/json' });
    expect(await failureOf('broken.json', Buffer.from('{"theme": '))).toEqual({
      failure: 'invalid-json',
      message: 'content is not valid JSON',
    });
    expect(await failureOf('image.json', await sampleImage('png'))).toMatchObject({ failure: 'invalid-json' });
    expect(await failureOf('latin1.json', Buffer.from([0x22, 0xe9, 0x22]))).toMatchObject({ failure: 'invalid-json' });
  });

  it('falls back to application/octet-stream for unknown bytes', async () => {
    expect(await analyze('blob.bin', Buffer.from([0x00, 0x9f, 0x92, 0x96, 0x00, 0x01]))).toMatchObject({
      mime: 'application/octet-stream',
    });
  });

  it('handles an empty file by its name', async () => {
    const empty = Buffer.alloc(0);
    expect(await analyze('empty.txt', empty)).toEqual({ fileSize: 0, mime: 'text/plain' });
    expect(await analyze('empty', empty)).toEqual({ fileSize: 0, mime: 'application/octet-stream' });
    expect(await failureOf('empty.png', empty)).toMatchObject({ failure: 'wrong-type' });
    expect(await failureOf('empty.json', empty)).toMatchObject({ failure: 'invalid-json' });
  });
});

describe('file analysis: limits', () => {
  it('gives up after the time limit and closes what it opened', async () => {
    const stalled = new StalledStore(store);
    const { storageKey, fileSize } = await stored(sampleText('stalled'));
    const started = Date.now();
    const analysis = analyzeStoredFile(stalled, storageKey, { filenameHint: 'slow.txt', fileSize, timeoutMs: 50 });
    await expect(analysis).rejects.toMatchObject({
      name: 'AnalysisError',
      failure: 'timeout',
      message: 'analysis took longer than 0.05 seconds',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stalled.opened.length).toBeGreaterThan(0);
    expect(stalled.opened.every((stream) => stream.destroyed)).toBe(true);
  });

  it('passes on a storage failure instead of blaming the content', async () => {
    const { storageKey, fileSize } = await stored(sampleText('soon gone'));
    await store.remove(storageKey);
    await expect(analyzeStoredFile(store, storageKey, { filenameHint: 'gone.txt', fileSize })).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
  });
});

describe('samples', () => {
  it.each(['png', 'jpeg', 'gif', 'webp', 'avif', 'tiff', 'svg', 'wav', 'mp3', 'mp4', 'json', 'md', 'txt'] as const)(
    'sampleFile(%s) is analysed as the mime it announces',
    async (kind) => {
      const sample = await sampleFile(kind);
      expect((await analyze(sample.filename, sample.bytes)).mime).toBe(sample.mime);
    },
  );
});
