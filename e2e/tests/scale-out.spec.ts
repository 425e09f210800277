// Scale-out in a browser (issue 15, goal 5): two compiled server processes on one PostgreSQL schema and
// one S3-compatible store, behind Debian's nginx in round robin. A person signs in, uploads a file and
// finds it, and stays signed in page after page, while nginx sends their requests to both instances.
// Needs PostgreSQL (E2E_DATABASE_URL, else the local test database) and nginx: skipped without them,
// except under CI=true, where .ci/run provides both and a missing one fails.
import { expect, test, type Browser } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { onPostgresServer } from '../../packages/server/src/testing/postgres-server';
import { findNginx, freePort, startScaleOut, type ScaleOut } from '../../packages/server/src/testing/scale-out';
import { signIn } from '../support/sign-in';
import { textsFor } from '../support/texts';

const databaseUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const isCI = Boolean(process.env.CI) && process.env.CI !== 'false';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
    socket.on('connect', () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
}

let cluster: ScaleOut | undefined;
let schema = '';

test.beforeAll(async () => {
  const ready = findNginx() !== null && (await reachable(databaseUrl));
  if (!ready && !isCI) return;
  if (!ready) throw new Error('scale-out E2E: nginx or PostgreSQL is missing (under CI=true .ci/run provides both)');
  test.setTimeout(240_000);
  schema = `e2e_scale_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(databaseUrl, `create schema ${schema}`);
  const withSchema = new URL(databaseUrl);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  cluster = await startScaleOut({
    databaseUrl: withSchema.toString(),
    ports: [await freePort(), await freePort()],
    proxyPort: await freePort(),
    compiled: true,
    env: { LOG_LEVEL: 'warn' },
  });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await cluster?.stop();
  if (schema) await onPostgresServer(databaseUrl, `drop schema if exists ${schema} cascade`);
});

async function throughNginx(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin, locale: 'zh-CN' });
  const page = await context.newPage();
  const upstreams = new Set<string>();
  page.on('response', (response) => {
    const upstream = response.headers()['x-upstream'];
    if (upstream && new URL(response.url()).pathname.startsWith('/v2/')) upstreams.add(upstream);
  });
  return { context, page, upstreams };
}

test('a person signs in, uploads and stays signed in while nginx spreads the pages over two instances', async ({
  browser,
}) => {
  test.skip(cluster === undefined, 'needs nginx and PostgreSQL');
  const origin = (cluster as ScaleOut).origin;
  const { context, page, upstreams } = await throughNginx(browser, origin);
  const t = await textsFor(page.request, 'zh_CN');

  await signIn(page, t, '/storage?bucketName=demo-files', 'alice');
  await expect(page).toHaveURL(/\/storage/);
  const fileName = `scaled-${randomBytes(3).toString('hex')}.md`;
  await page
    .getByTestId('upload-input')
    .setInputFiles([{ name: fileName, mimeType: 'text/markdown', buffer: Buffer.from(`# ${fileName}\n`) }]);
  await expect(page.getByRole('table').getByText(fileName, { exact: true })).toBeVisible();

  // Page after page, whichever instance answers, the session holds and the upload is there.
  for (let visit = 0; visit < 4; visit++) {
    await page.reload();
    await expect(page.getByRole('table').getByText(fileName, { exact: true })).toBeVisible();
  }
  await page.goto('/logged/account');
  await expect(page).toHaveURL(/\/logged\/account/);
  expect([...upstreams].sort()).toEqual(cluster?.instances.map((instance) => new URL(instance.url).host).sort());
  await context.close();
});
