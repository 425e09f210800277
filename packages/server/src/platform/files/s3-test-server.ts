// A real S3-compatible server (s3rver) for tests, in a child process (so it neither shares the
// test's memory nor its event loop) on a free loopback port, with its data in a fresh temporary
// directory. `filesUrl(prefix)` is a FILES setting pointing at it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export type TestS3Server = {
  bucket: string;
  endpoint: string;
  /** Where s3rver keeps objects: `{directory}/{bucket}/{key}._S3rver_object`. */
  directory: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** A FILES value (s3://…) for this server, keys under `prefix` ('' or ending in '/'). */
  filesUrl(prefix?: string): string;
  stop(): Promise<void>;
};

/** s3rver accepts requests signed with these. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** Runs s3rver and prints its port; exits when the parent closes its stdin (even if the parent died). */
const SERVER_SCRIPT = `
const [s3rverPath, directory, bucket] = process.argv.slice(1);
const S3rver = require(s3rverPath);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
server.run().then(({ port }) => console.log(JSON.stringify({ port })));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

export async function startTestS3Server(bucket = 'tessera-files'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'tessera-s3-'));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['-e', SERVER_SCRIPT, s3rverPath, directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    once(child, 'exit').then(([code]) =>
      Promise.reject(new Error(`s3rver exited with ${String(code)} before it listened`)),
    ),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    directory,
    // A fresh object each time: the AWS SDK writes its own fields into the credentials it is given.
    get credentials() {
      return { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY };
    },
    filesUrl(prefix = '') {
      const query = new URLSearchParams({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: 'true',
        accessKeyId: ACCESS_KEY_ID,
        secretAccessKey: SECRET_ACCESS_KEY,
      });
      return `s3://${bucket}/${prefix}?${query.toString()}`;
    },
    async stop() {
      const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
      child.stdin.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
