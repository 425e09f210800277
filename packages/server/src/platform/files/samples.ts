// Small real files for tests, end-to-end runs and benchmarks: images made with sharp, audio and
// video built byte by byte to the container specifications, text, and a deterministic byte stream
// of any length that never sits in memory whole.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';

export type SampleImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'tiff';
export type SampleImageOptions = { width?: number; height?: number };

/** A real image of the given format and size (a two-colour gradient, so encoders have work to do). */
export async function sampleImage(
  format: SampleImageFormat,
  { width = 64, height = 48 }: SampleImageOptions = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#1677ff"/><stop offset="1" stop-color="#ffb020"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** An SVG drawing with explicit width and height. */
export function sampleSvg({ width = 120, height = 80 }: SampleImageOptions = {}): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#1677ff"/></svg>\n`,
  );
}

export type SampleWavOptions = {
  seconds?: number;
  sampleRate?: number;
  frequency?: number;
  /** The sample at each index, from -1 to 1; a sine tone of `frequency` when left out. */
  signal?: (index: number, sampleRate: number) => number;
};

/** A 16-bit mono PCM WAV file playing a sine tone, or any signal. */
export function sampleWav({
  seconds = 1,
  sampleRate = 8000,
  frequency = 440,
  signal = (index, rate) => Math.sin((2 * Math.PI * frequency * index) / rate) * 0.25,
}: SampleWavOptions = {}): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'latin1');
  wav.write('fmt ', 12, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // channels
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i += 1) {
    const value = Math.max(-1, Math.min(1, signal(i, sampleRate)));
    wav.writeInt16LE(Math.round(value * 32000), 44 + i * 2);
  }
  return wav;
}

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo, no CRC; 1152 samples per frame. */
const MP3_FRAME_HEADER = 0xfffb9000;
const MP3_FRAME_BYTES = 417; // 144 × 128000 / 44100, without padding
const MP3_SAMPLES_PER_FRAME = 1152;

/** A constant-bitrate MP3 of silent frames (all-zero side information decodes to silence). */
export function sampleMp3({ seconds = 1 }: { seconds?: number } = {}): Buffer {
  const frames = Math.max(1, Math.ceil((seconds * 44100) / MP3_SAMPLES_PER_FRAME));
  const mp3 = Buffer.alloc(frames * MP3_FRAME_BYTES);
  for (let frame = 0; frame < frames; frame += 1) mp3.writeUInt32BE(MP3_FRAME_HEADER, frame * MP3_FRAME_BYTES);
  return mp3;
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function uint32s(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeUInt32BE(value >>> 0, index * 4));
  return buffer;
}

/** A version-0 movie header box (ISO/IEC 14496-12 §8.2.2). */
function movieHeader(timescale: number, duration: number): Buffer {
  const volumeAndReserved = Buffer.alloc(12);
  volumeAndReserved.writeUInt16BE(0x0100, 0); // full volume, then 10 reserved bytes
  const identityMatrix = uint32s(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);
  return box(
    'mvhd',
    uint32s(0, 0, 0, timescale, duration, 0x00010000), // version+flags, created, modified, timescale, duration, rate 1.0
    volumeAndReserved,
    identityMatrix,
    Buffer.alloc(24), // pre_defined
    uint32s(1), // next track id
  );
}

export type SampleMp4Options = {
  seconds?: number;
  timescale?: number;
  /** Size of a media data box (mdat) of zeros; 0 leaves it out. */
  mediaBytes?: number;
  /** Put moov after mdat, as recorders that do not "fast start" do. */
  moovLast?: boolean;
};

/** A minimal MP4 (ftyp + moov/mvhd, optionally mdat) whose movie header states its duration. */
export function sampleMp4({
  seconds = 1,
  timescale = 1000,
  mediaBytes = 0,
  moovLast = false,
}: SampleMp4Options = {}): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), uint32s(0x200), Buffer.from('isomiso2mp41', 'latin1'));
  const moov = box('moov', movieHeader(timescale, Math.round(seconds * timescale)));
  const mdat = mediaBytes > 0 ? [box('mdat', Buffer.alloc(mediaBytes))] : [];
  return Buffer.concat(moovLast ? [ftyp, ...mdat, moov] : [ftyp, moov, ...mdat]);
}

export function sampleJson(value: unknown = { title: 'Sample', tags: ['demo', 'tessera'], count: 3 }): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

export function sampleMarkdown(title = 'Sample document'): Buffer {
  return Buffer.from(
    `# ${title}\n\nA paragraph with *emphasis* and a [link](https://example.com).\n\n- one\n- two\n\n中文段落。\n`,
  );
}

export function sampleText(text = 'Plain text, line one.\nLine two: 中文。\n'): Buffer {
  return Buffer.from(text);
}

export type SampleKind = SampleImageFormat | 'svg' | 'wav' | 'mp3' | 'mp4' | 'json' | 'md' | 'txt';

export type SampleFile = { filename: string; mime: string; bytes: Buffer };

const SAMPLE_MIMES: Record<SampleKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  json: 'application/json',
  md: 'text/markdown',
  txt: 'text/plain',
};

async function sampleBytes(kind: SampleKind): Promise<Buffer> {
  switch (kind) {
    case 'svg':
      return sampleSvg();
    case 'wav':
      return sampleWav();
    case 'mp3':
      return sampleMp3();
    case 'mp4':
      return sampleMp4();
    case 'json':
      return sampleJson();
    case 'md':
      return sampleMarkdown();
    case 'txt':
      return sampleText();
    default:
      return sampleImage(kind);
  }
}

/** A default sample of `kind` with a file name and the mime analysis finds for it (for upload tests). */
export async function sampleFile(kind: SampleKind, basename = 'sample'): Promise<SampleFile> {
  const extension = kind === 'jpeg' ? 'jpg' : kind;
  return { filename: `${basename}.${extension}`, mime: SAMPLE_MIMES[kind], bytes: await sampleBytes(kind) };
}

export type PatternOptions = { seed?: number; chunkSize?: number };

/** Pseudo-random bytes (xorshift32): the same seed gives the same bytes whatever the chunk size. */
function* patternChunks(size: number, { seed = 1, chunkSize = 64 * 1024 }: PatternOptions): Generator<Buffer> {
  const wordsPerChunk = Math.max(1, Math.floor(chunkSize / 4));
  let state = seed >>> 0 || 1;
  for (let offset = 0; offset < size; offset += wordsPerChunk * 4) {
    const words = new Uint32Array(wordsPerChunk);
    for (let i = 0; i < wordsPerChunk; i += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      words[i] = state >>> 0;
    }
    yield Buffer.from(words.buffer, 0, Math.min(wordsPerChunk * 4, size - offset));
  }
}

/** A byte stream of `size` pseudo-random bytes, made as it is read (never whole in memory). */
export function patternStream(size: number, options: PatternOptions = {}): Readable {
  const chunks = patternChunks(size, options);
  return new Readable({
    read() {
      const next = chunks.next();
      this.push(next.done ? null : next.value);
    },
  });
}

/** The SHA-1 of patternStream(size, options), computed the same way. */
export function patternSha1(size: number, options: PatternOptions = {}): string {
  const hash = createHash('sha1');
  for (const chunk of patternChunks(size, options)) hash.update(chunk);
  return hash.digest('hex');
}
