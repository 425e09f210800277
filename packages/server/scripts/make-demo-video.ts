// Makes the demo video resource's file (src/modules/versions/ocean-waves.mp4): four seconds of waves
// rolling under the same scene as its cover, drawn frame by frame as SVG and encoded with ffmpeg
// (Debian's package, libx264). Run once when the scene changes; the MP4 is kept in the repository so
// that loading the demo needs no ffmpeg:
//   npx tsx packages/server/scripts/make-demo-video.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 480;
const HEIGHT = 270;
const FPS = 15;
const SECONDS = 4;
const OUTPUT = fileURLToPath(new URL('../src/modules/versions/ocean-waves.mp4', import.meta.url));

/** One wave band: a sine curve across the frame at `level` (0–1 of the height), moved by `shift` pixels. */
function wave(level: number, amplitude: number, length: number, shift: number, fill: string): string {
  const points: string[] = [];
  for (let x = 0; x <= WIDTH; x += 8) {
    const y = HEIGHT * level + Math.sin(((x + shift) / length) * 2 * Math.PI) * amplitude;
    points.push(`${x},${y.toFixed(1)}`);
  }
  return `<polygon points="0,${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}" fill="${fill}"/>`;
}

function frame(time: number): string {
  // Each band moves at its own speed and completes whole cycles in the clip, so the clip loops.
  const cycle = (speed: number, length: number) => (time / SECONDS) * speed * length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#8ecae6"/>
    <circle cx="${WIDTH * 0.8}" cy="${HEIGHT * 0.22}" r="${HEIGHT * 0.09}" fill="#ffb703"/>
    ${wave(0.5, 10, 240, cycle(1, 240), '#219ebc')}
    ${wave(0.68, 12, 160, -cycle(2, 160), '#126782')}
    ${wave(0.86, 8, 120, cycle(3, 120), '#023047')}
  </svg>`;
}

const dir = mkdtempSync(join(tmpdir(), 'tessera-video-'));
try {
  for (let index = 0; index < FPS * SECONDS; index += 1) {
    const png = await sharp(Buffer.from(frame(index / FPS)))
      .png()
      .toBuffer();
    writeFileSync(join(dir, `frame-${String(index).padStart(3, '0')}.png`), png);
  }
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    String(FPS),
    '-i',
    join(dir, 'frame-%03d.png'),
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '30',
    '-movflags',
    '+faststart',
    OUTPUT,
  ]);
  console.log(`wrote ${OUTPUT}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
