// Upload throughput of one large file over loopback beside `sha1sum` of the same file, and the
// server's peak memory while it streams (target: the upload reaches at least half of sha1sum's rate,
// and the server's resident memory grows by less than 64 MB).
//   npm run bench:upload -w @tessera/bench        (BENCH_UPLOAD_MB, default 1024)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTessera } from './servers';
import { signIn } from './session';

const megabytes = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const MB = 1024 * 1024;

/** A file of pseudo-random bytes (a 16 MiB random block with a counter stamped into every MiB). */
function makeFile(path: string, sizeMb: number): void {
  const block = randomBytes(16 * MB);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < sizeMb; written += 16) {
      const chunk = block.subarray(0, Math.min(16, sizeMb - written) * MB);
      for (let offset = 0; offset < chunk.length; offset += MB) chunk.writeUInt32BE(written + offset / MB, offset);
      writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
}

function residentKb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

function xsrfOf(cookies: string): string {
  return /XSRF-TOKEN=([^;]+)/.exec(cookies)?.[1] ?? '';
}

function upload(origin: string, cookies: string, path: string): Promise<{ seconds: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(path).size + tail.length;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/v2/storages/files/upload`, {
      method: 'POST',
      headers: {
        cookie: cookies,
        'x-xsrf-token': xsrfOf(cookies),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, body }));
    });
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(path, { highWaterMark: MB });
    file.on('data', (chunk) => {
      if (!req.write(chunk)) {
        file.pause();
        req.once('drain', () => file.resume());
      }
    });
    file.on('end', () => req.end(tail));
    file.on('error', reject);
  });
}

const dir = mkdtempSync(join(tmpdir(), 'tessera-upload-bench-'));
const path = join(dir, 'big.bin');
const limits = {
  UPLOAD_MAX_SIZE: `${megabytes + 16}mb`,
  VIDEO_UPLOAD_MAX_SIZE: `${megabytes + 16}mb`,
  STORAGE_QUOTA: `${megabytes * 2}mb`,
};
const tessera = await startTessera(8303, limits);
try {
  makeFile(path, megabytes);
  const sha1sumStarted = process.hrtime.bigint();
  const expected = execFileSync('sha1sum', [path], { encoding: 'utf8' }).split(' ')[0];
  const sha1sumSeconds = Number(process.hrtime.bigint() - sha1sumStarted) / 1e9;

  const cookies = await signIn(tessera.url, 'alice', 'Tessera2026');
  const baselineKb = residentKb(tessera.pid);
  let peakKb = baselineKb;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, residentKb(tessera.pid))), 25);
  const { seconds, body } = await upload(tessera.url, cookies, path);
  clearInterval(sampler);
  const answer = JSON.parse(body) as { errCode: number; msg: string; data?: { sha1: string } };
  if (answer.errCode !== 0 || answer.data?.sha1 !== expected) throw new Error(`upload failed or wrong sha1: ${body}`);

  const rate = (s: number) => (megabytes / s).toFixed(0);
  const lines = [
    `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${megabytes} MiB`,
    '',
    '| measure | seconds | MiB/s |',
    '|---|---:|---:|',
    `| sha1sum of the file | ${sha1sumSeconds.toFixed(2)} | ${rate(sha1sumSeconds)} |`,
    `| POST /v2/storages/files/upload over loopback | ${seconds.toFixed(2)} | ${rate(seconds)} |`,
    '',
    `ratio upload/sha1sum: ${(sha1sumSeconds / seconds).toFixed(2)} (target ≥ 0.5)`,
    `server resident memory: ${(baselineKb / 1024).toFixed(1)} MB before, peak ${(peakKb / 1024).toFixed(1)} MB, growth ${((peakKb - baselineKb) / 1024).toFixed(1)} MB (target < 64 MB)`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  writeFileSync(join(dir, '..', 'tessera-upload-bench.txt'), lines.join('\n'));
} finally {
  await tessera.stop();
  rmSync(dir, { recursive: true, force: true });
}
