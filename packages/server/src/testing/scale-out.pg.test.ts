// Scale-out (issue 15, goal 5): two server processes on one PostgreSQL schema and one S3-compatible
// store (s3rver), behind Debian's nginx in round robin. What one instance did, the other honours:
// its sessions, its XSRF tokens, its uploads; a per-user limit holds with parallel requests spread
// over both; an activity the operator publishes (or hides) shows (or goes) on both. PostgreSQL only (skipped without DATABASE_URL); skipped without nginx, except under
// CI=true, where .ci/run installs it.
import { execFile } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEPT_SESSION_MS } from '../modules/identity/kept-sessions';
import { onPostgresServer, testDatabaseUrl } from './database';
import { findNginx, freePort, repoRoot, startScaleOut, type ScaleOut } from './scale-out';

const url = testDatabaseUrl();
const nginx = findNginx();
const isCI = process.env.CI === 'true';
const MISSING_NGINX = 'skipped: nginx is not installed (apt-get install -y nginx); under CI=true it fails instead';
const LOGIN = { loginName: 'alice', password: 'Tessera2026' };
const BUCKETS = '/v2/storages/buckets';

type Answer<T = unknown> = { status: number; body: { errCode: number; msg: string; data: T }; cookies: Cookies };
type Cookies = Map<string, string>;

function cookiesOf(response: Response): Cookies {
  const cookies: Cookies = new Map();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name) cookies.set(name.trim(), value.join('='));
  }
  return cookies;
}

const cookieHeader = (cookies: Cookies) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** A call as the web app makes it: the cookies, and the XSRF token in its header for writes. */
async function call<T>(
  origin: string,
  method: string,
  path: string,
  cookies: Cookies,
  body?: unknown,
): Promise<Answer<T> & { upstream: string | null }> {
  const xsrf = cookies.get('XSRF-TOKEN');
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      cookie: cookieHeader(cookies),
      ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer<T>['body'],
    cookies: cookiesOf(response),
    upstream: response.headers.get('x-upstream'),
  };
}

/** A visitor's XSRF token, issued by the instance at `origin`. */
async function visitorCookies(origin: string): Promise<Cookies> {
  const response = await fetch(`${origin}/v2/activities/list4Client?limit=1`);
  await response.arrayBuffer();
  const cookies = cookiesOf(response);
  expect(cookies.get('XSRF-TOKEN')).toBeTruthy();
  return cookies;
}

/** Signs in at `origin` with the visitor cookies given; answers the browser's cookies afterwards. */
async function signIn(origin: string, visitor: Cookies): Promise<Cookies> {
  const answer = await call(origin, 'POST', '/v2/passport/login', visitor, { ...LOGIN, isRemember: 1 });
  expect(answer.body.errCode, answer.body.msg).toBe(0);
  return new Map([...visitor, ...answer.cookies]);
}

describe.skipIf(url === null || (nginx === null && !isCI))(
  `two instances behind nginx${nginx === null ? ` (${MISSING_NGINX})` : ''}`,
  () => {
    let cluster: ScaleOut;
    let schema: string;
    let a: string;
    let b: string;
    let databaseUrl: string;

    /** `tessera admin …` on the instances' database, as an operator runs it. */
    async function admin(...args: string[]): Promise<string> {
      const dataDir = mkdtempSync(join(tmpdir(), 'tessera-scale-out-cli-'));
      try {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', join(repoRoot, 'packages/server/src/main.ts'), 'admin', ...args],
          { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
        );
        return stdout;
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }

    /** Waits until every instance answers `find4Client` for `id` with errCode `expected`. */
    async function untilEveryInstance(id: string, expected: (errCode: number) => boolean): Promise<void> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const codes = await Promise.all(
          [a, b].map(
            async (origin) =>
              (await call(origin, 'GET', `/v2/activities/find4Client?_id=${id}`, new Map())).body.errCode,
          ),
        );
        if (codes.every(expected)) return;
        if (Date.now() > deadline) throw new Error(`find4Client ${id} answered ${codes.join(', ')} after 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    beforeAll(async () => {
      if (nginx === null) throw new Error('nginx is not installed: under CI=true .ci/run installs it');
      schema = `scale_${randomBytes(6).toString('hex')}`;
      await onPostgresServer(url ?? '', `create schema ${schema}`);
      const withSchema = new URL(url ?? '');
      withSchema.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = withSchema.toString();
      const ports = [await freePort(), await freePort()];
      cluster = await startScaleOut({
        databaseUrl,
        ports,
        proxyPort: await freePort(),
        compiled: false,
      });
      [a, b] = cluster.instances.map((instance) => instance.url) as [string, string];
    }, 240_000);

    afterAll(async () => {
      await cluster?.stop();
      if (schema) await onPostgresServer(url ?? '', `drop schema if exists ${schema} cascade`);
    }, 60_000);

    it('spreads requests over both instances', async () => {
      const upstreams = new Set<string | null>();
      for (let index = 0; index < 4; index += 1)
        upstreams.add((await call(cluster.origin, 'GET', '/v2/activities/list4Client?limit=1', new Map())).upstream);
      expect([...upstreams].sort()).toEqual(cluster.instances.map((instance) => instance.url.slice(7)).sort());
    });

    it('accepts on one instance the XSRF token and the session the other issued', async () => {
      // The visitor's token comes from A; signing in on B is a write checked against it.
      const session = await signIn(b, await visitorCookies(a));
      const onA = await call<{ username: string }>(a, 'GET', '/v2/users/current', session);
      expect(onA.body.errCode, onA.body.msg).toBe(0);
      expect(onA.body.data.username).toBe(LOGIN.loginName);
      // The signed-in token from B guards a write on A.
      const name = `xsrf-${randomBytes(4).toString('hex')}`;
      const created = await call(a, 'POST', BUCKETS, session, { bucketName: name });
      expect(created.body.errCode, created.body.msg).toBe(0);
      // A forged token is refused by either.
      const forged = new Map([...session, ['XSRF-TOKEN', 'forged']]);
      expect((await call(b, 'DELETE', `${BUCKETS}/${name}`, forged)).body.errCode).toBe(3);
      expect((await call(b, 'DELETE', `${BUCKETS}/${name}`, session)).body.errCode).toBe(0);
      // Through nginx, every call of the signed-in user is answered whichever instance takes it.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call<{ username: string }>(cluster.origin, 'GET', '/v2/users/current', session),
        ),
      );
      expect(new Set(answers.map((answer) => answer.upstream)).size).toBe(2);
      for (const answer of answers) expect(answer.body.data.username).toBe(LOGIN.loginName);
    });

    it('refuses on one instance, within a second, a session that logged out on the other', async () => {
      const session = await signIn(a, await visitorCookies(a));
      // A has just looked the session up, so it keeps it (kept-sessions.ts); B's logout must still end it on A.
      expect((await call(a, 'GET', '/v2/users/current', session)).body.errCode).toBe(0);
      expect((await call(b, 'GET', '/v2/passport/logout', session)).body.errCode).toBe(0);
      expect((await call(b, 'GET', '/v2/users/current', session)).body.errCode).toBe(30);
      await vi.waitFor(async () => expect((await call(a, 'GET', '/v2/users/current', session)).body.errCode).toBe(30), {
        timeout: 10 * KEPT_SESSION_MS,
        interval: KEPT_SESSION_MS / 10,
      });
    });

    it('downloads through one instance what was uploaded through the other', async () => {
      const session = await signIn(a, await visitorCookies(a));
      const bytes = randomBytes(300 * 1024);
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'scale-out.bin');
      const response = await fetch(`${a}/v2/storages/files/upload`, {
        method: 'POST',
        headers: { cookie: cookieHeader(session), 'x-xsrf-token': session.get('XSRF-TOKEN') ?? '' },
        body: form,
      });
      const uploaded = (await response.json()) as Answer<{ sha1: string }>['body'];
      expect(uploaded.errCode, uploaded.msg).toBe(0);
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      expect(uploaded.data.sha1).toBe(sha1);
      for (const origin of [b, cluster.origin, cluster.origin]) {
        const download = await fetch(`${origin}/v2/storages/files/${sha1}/download`, {
          headers: { cookie: cookieHeader(session) },
        });
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it('creates at most 5 buckets however the parallel creations are spread over the instances', async () => {
      const session = await signIn(cluster.origin, await visitorCookies(cluster.origin));
      const statistics = async () =>
        (await call<{ bucketCount: number }>(b, 'GET', `${BUCKETS}/spaceStatistics`, session)).body.data.bucketCount;
      const before = await statistics();
      expect(before).toBeLessThan(5);
      // Half straight to each instance, half through nginx (round robin): both take creations at once.
      const origins = [a, b, cluster.origin, cluster.origin];
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          call(origins[index % origins.length] ?? a, 'POST', BUCKETS, session, {
            bucketName: `burst-${randomBytes(4).toString('hex')}-${index}`,
          }),
        ),
      );
      expect(answers.filter((answer) => answer.body.errCode === 0)).toHaveLength(5 - before);
      expect(await statistics()).toBe(5);
    });

    it('shows on both instances an activity the operator published, and hides it on both', async () => {
      const created = await admin(
        'activity',
        'create',
        '--title',
        '扩容测试',
        '--title-en',
        'Scale-out test',
        '--link',
        'creator-incentive',
        '--persist',
        '--state',
        'published',
      );
      const id = /Created activity ([0-9a-f]{24})/.exec(created)?.[1];
      expect(id, created).toBeDefined();
      // Each instance keeps the published activities for a few seconds (published-cache.ts), then reads them again.
      await untilEveryInstance(id ?? '', (errCode) => errCode === 0);
      const listed = await call<{ dataList: { _id: string }[] }>(
        cluster.origin,
        'GET',
        '/v2/activities/list4Client?limit=100',
        new Map(),
      );
      expect(listed.body.data.dataList.map((activity) => activity._id)).toContain(id);
      await admin('activity', 'hide', id ?? '');
      await untilEveryInstance(id ?? '', (errCode) => errCode === 2);
    }, 120_000);
  },
);
