// The visitor lane answers some GETs before the app sees them (platform/http/visitor-lane.ts). Over
// real HTTP, every request to a lane route — plain, hostile, fuzzed, with a session, on a site host —
// is answered exactly as the app answers it through app.inject, which never goes through the lane;
// and the lane really answers the kept reads (the app's own hooks never see them).
import fc from 'fast-check';
import { ActivityPublishState, type ActivityWire, type Page } from '@tessera/domain';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationMs } from '../platform/clock';
import { answerOf, createTestApp, dataOf, type RawAnswer, type TestApp } from '../testing';
import { FUZZ_RUNS, FUZZ_SEED, hostileString, Tally } from './testing';

const LIST = '/v2/activities/list4Client';
const FIND = '/v2/activities/find4Client';
const BASE_DOMAIN = 'tessera.test';

/** What must be the same whoever answers: the status, the body but its traceId, the headers but the connection's. */
function comparable({ status, headers, body }: RawAnswer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'set-cookie': setCookie, ...rest } = headers;
  return {
    status,
    headers: rest,
    // A visitor token is random: what is compared is that one is given, and how.
    setCookie: [setCookie ?? []].flat().map((line) => line.replace(/^XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=…')),
    body: body.replace(/"traceId":"[0-9a-f]+"/, '"traceId":"…"'),
  };
}

describe('the visitor lane, over real HTTP', () => {
  const tally = new Tally('visitor-lane', 'Lane routes over real HTTP against the app itself');
  let t: TestApp;
  let port = 0;
  /** The URLs of the requests the app itself answered (before any byte was sent: onSend). */
  const reachedApp: string[] = [];
  let ids: string[] = [];

  const overHttp = (path: string, headers: Record<string, string> = {}) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers });
    const answer = answerOf(sent);
    sent.end();
    return answer;
  };
  const throughApp = async (path: string, headers: Record<string, string> = {}): Promise<RawAnswer> => {
    const response = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { host: `127.0.0.1:${port}`, ...headers },
    });
    return { status: response.statusCode, headers: response.headers as IncomingHttpHeaders, body: response.body };
  };
  /** Over HTTP and through the app: the same answer; returns whether the lane gave it. */
  const sameAsApp = async (path: string, headers: Record<string, string> = {}) => {
    const before = reachedApp.length;
    const answer = await overHttp(path, headers);
    const byLane = reachedApp.length === before;
    const app = await throughApp(path, headers);
    tally.record(`GET ${path.split('?')[0] ?? ''}`, { status: answer.status, body: JSON.parse(answer.body) as never });
    expect(comparable(answer), `${path} ${JSON.stringify(headers)}`).toEqual(comparable(app));
    return byLane;
  };

  beforeAll(async () => {
    t = await createTestApp({
      config: { baseDomain: BASE_DOMAIN },
      setup: (app) => {
        app.addHook('onSend', (request, _reply, payload, done) => {
          reachedApp.push(request.url);
          done(null, payload);
        });
      },
    });
    const now = t.clock.now().getTime();
    for (const [index, title] of ['一', '二', '三'].entries())
      await t.services.activities.create({
        title: `活动${title}`,
        titleEn: `Activity ${index + 1}`,
        link: 'creator-incentive',
        publishState: ActivityPublishState.Published,
        startTime: new Date(now - durationMs({ days: 1 })),
        limitTime: new Date(now + durationMs({ days: 10 + index })),
      });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    ids = dataOf(await t.client().get<Page<ActivityWire>>(LIST)).dataList.map((activity) => activity._id);
  });
  afterAll(() => t.close());

  it('answers a kept read itself once the app has answered it, in either language', async () => {
    const languages: Record<string, string>[] = [
      {},
      { 'accept-language': 'en-US,en;q=0.8' },
      { cookie: 'locale=en_US' },
    ];
    for (const headers of languages)
      for (const path of [`${FIND}?_id=${ids[0]}`, LIST, `${LIST}?limit=100`, `${LIST}?skip=1&limit=2`]) {
        await sameAsApp(path, headers);
        expect(await sameAsApp(path, headers), path).toBe(true);
      }
    const english = JSON.parse((await overHttp(`${FIND}?_id=${ids[1]}`, { cookie: 'locale=en_US' })).body) as {
      data: ActivityWire;
    };
    expect(english.data.title).toMatch(/^Activity \d$/);
    // The server the lane listens on keeps Fastify's own settings (72 s keep-alive).
    expect((await overHttp(LIST)).headers['keep-alive']).toBe('timeout=72');
  });

  it("gives a visitor with the XSRF cookie of an earlier answer no new one; the app's answer agrees", async () => {
    const first = await overHttp(LIST);
    const cookie = first.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^XSRF-TOKEN=/);
    expect(await sameAsApp(LIST, { cookie })).toBe(true);
    expect((await overHttp(LIST, { cookie })).headers['set-cookie']).toBeUndefined();
  });

  it('shows a change made through the service at once', async () => {
    const path = `${FIND}?_id=${ids[2]}`;
    await sameAsApp(path);
    expect(await sameAsApp(path)).toBe(true);
    await t.services.activities.update(ids[2] ?? '', { title: '改过的活动' });
    expect(await sameAsApp(path)).toBe(false);
    expect((JSON.parse((await overHttp(path)).body) as { data: ActivityWire }).data.title).toBe('改过的活动');
  });

  it('shows the status an activity has reached with the passing of time', async () => {
    const path = `${FIND}?_id=${ids[0]}`;
    await sameAsApp(path);
    const status = async () => (JSON.parse((await overHttp(path)).body) as { data: ActivityWire }).data.status;
    expect(await status()).toBe(4);
    t.clock.advance(durationMs({ days: 13 }));
    expect(await sameAsApp(path)).toBe(false);
    expect(await status()).toBe(5);
  });

  it.each<[string, string, Record<string, string>]>([
    ['a signed-in user', LIST, {}],
    ['a node site host', LIST, { host: `somenode.${BASE_DOMAIN}` }],
    ['an unknown activity', `${FIND}?_id=${'0'.repeat(24)}`, {}],
    ['an id of the wrong form', `${FIND}?_id=XYZ`, {}],
    ['no id', FIND, {}],
    ['a page outside the bounds', `${LIST}?limit=1000`, {}],
    ['an escaped value', `${LIST}?limit=%31`, {}],
    ['a repeated key', `${LIST}?limit=1&limit=2`, {}],
    ['an unknown key', `${LIST}?limit=1&sort=title`, {}],
    ['a cross-origin call', LIST, { origin: 'http://elsewhere.test' }],
  ])('leaves %s to the app, which answers as always', async (name, path, headers) => {
    const session = name === 'a signed-in user' ? (await t.login()).sessionId : undefined;
    const withSession: Record<string, string> = session === undefined ? {} : { cookie: `authInfo=${session}` };
    await sameAsApp(path, { ...headers, ...withSession });
    expect(await sameAsApp(path, { ...headers, ...withSession })).toBe(false);
  });

  it('answers fuzzed queries exactly as the app does', async () => {
    const value = fc.oneof(hostileString, fc.constantFrom(...ids), fc.integer({ min: -5, max: 200 }).map(String));
    const pair = fc.tuple(fc.constantFrom('_id', 'skip', 'limit', 'x', '_id[]'), value);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(LIST, FIND), fc.array(pair, { maxLength: 3 }), async (path, pairs) => {
        const query = new URLSearchParams(pairs).toString().slice(0, 4000);
        await sameAsApp(query === '' ? path : `${path}?${query}`);
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
    );
  });
});

describe('the visitor lane of an app that answers cross-origin calls', () => {
  it("names Origin in Vary as the app's CORS plugin does, and leaves calls with an Origin to the app", async () => {
    const t = await createTestApp({ config: { corsOrigins: ['http://allowed.test'] } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const viaApp = await t.app.inject({ method: 'GET', url: LIST });
      await fetch(`${origin}${LIST}`);
      const viaLane = await fetch(`${origin}${LIST}`);
      expect(viaLane.headers.get('vary')).toBe('Origin');
      expect(viaApp.headers.vary).toBe('Origin');
      const crossOrigin = await fetch(`${origin}${LIST}`, { headers: { origin: 'http://allowed.test' } });
      expect(crossOrigin.headers.get('access-control-allow-origin')).toBe('http://allowed.test');
    } finally {
      await t.close();
    }
  });
});

describe('the visitor lane of an app that logs each request (LOG_LEVEL=debug)', () => {
  it('stands aside, so that every request is logged', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logLevel: 'debug', logStream: { write: (line) => void lines.push(line) } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      for (let call = 0; call < 3; call += 1) expect((await fetch(`${origin}${LIST}`)).status).toBe(200);
      const logged = lines.filter((line) => line.includes('incoming request') && line.includes(LIST));
      expect(logged).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
