import fastifyCookie from '@fastify/cookie';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS } from '../security-headers';
import { XsrfTokens } from '../xsrf';
import { plainQueryOf, VisitorLane, type VisitorLaneOptions } from './visitor-lane';

const BODY = Buffer.from('{"ret":0,"errCode":0,"msg":"success","data":"kept"}');

/** A server whose lane keeps `/v2/kept?x=1` (its body names the language), and whose app answers 'app'. */
async function laneServer(options: Partial<VisitorLaneOptions> = {}) {
  const xsrf = new XsrfTokens('a secret of the lane tests');
  const cookies = Fastify();
  await cookies.register(fastifyCookie);
  await cookies.ready();
  const lane = new VisitorLane({
    siteHosts: () => null,
    varyOrigin: false,
    parseCookie: (header) => cookies.parseCookie(header),
    ...options,
  });
  const failures: unknown[] = [];
  const opened = { xsrf, log: { error: (details: unknown) => void failures.push(details) } };
  lane.open(opened);
  const languages: string[] = [];
  lane.add('/v2/kept', (query, language) => {
    languages.push(language);
    if (query === 'fail=1') throw new Error('a broken lane route');
    return query === 'x=1' ? BODY : undefined;
  });
  const server: Server = createServer(
    lane.listener((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('app');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${origin}${path}`, init);
    return { response, text: await response.text() };
  };
  return {
    lane,
    opened,
    failures,
    languages,
    call,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the visitor lane', () => {
  let s: Awaited<ReturnType<typeof laneServer>>;
  beforeAll(async () => {
    s = await laneServer();
  });
  afterAll(() => s.close());

  it("answers a kept read with the kept bytes and the API's headers", async () => {
    const { response, text } = await s.call('/v2/kept?x=1');
    expect(text).toBe(BODY.toString());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(BODY.length));
    for (const [name, value] of API_HEADERS) expect(response.headers.get(name)).toBe(value);
  });

  it('gives a visitor without a valid XSRF cookie one, and one with a valid cookie none', async () => {
    const first = await s.call('/v2/kept?x=1');
    const line = first.response.headers.get('set-cookie') ?? '';
    expect(line).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/; SameSite=Lax$/);
    const token = /^XSRF-TOKEN=([^;]+)/.exec(line)?.[1] ?? '';
    expect(s.opened.xsrf.isValid(token, null)).toBe(true);

    const again = await s.call('/v2/kept?x=1', { headers: { cookie: `XSRF-TOKEN=${token}` } });
    expect(again.text).toBe(BODY.toString());
    expect(again.response.headers.get('set-cookie')).toBeNull();

    const forged = await s.call('/v2/kept?x=1', { headers: { cookie: `XSRF-TOKEN=${token.slice(0, -2)}xx` } });
    expect(forged.text).toBe(BODY.toString());
    expect(forged.response.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });

  it("reads the language as the app does: the locale cookie, then the browser's languages", async () => {
    s.languages.length = 0;
    await s.call('/v2/kept?x=1', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    await s.call('/v2/kept?x=1', { headers: { 'accept-language': 'en-US', cookie: 'locale=zh_CN' } });
    await s.call('/v2/kept?x=1');
    expect(s.languages).toEqual(['en_US', 'zh_CN', 'zh_CN']);
  });

  it.each<[string, string, RequestInit]>([
    ['the route keeps no answer for the query', '/v2/kept?x=2', {}],
    ['the path is not a kept route', '/v2/other?x=1', {}],
    ['the path only starts like one', '/v2/kept/more?x=1', {}],
    ['the method is not GET', '/v2/kept?x=1', { method: 'POST' }],
    ['the method is HEAD', '/v2/kept?x=1', { method: 'HEAD' }],
    ['a session cookie is presented', '/v2/kept?x=1', { headers: { cookie: 'authInfo=abc' } }],
    ['a bearer token is presented', '/v2/kept?x=1', { headers: { authorization: 'Bearer abc' } }],
    ['the call is cross-origin', '/v2/kept?x=1', { headers: { origin: 'http://elsewhere.test' } }],
    ['a proxy forwarded it', '/v2/kept?x=1', { headers: { 'x-forwarded-for': '10.0.0.1' } }],
    ['a proxy names the host', '/v2/kept?x=1', { headers: { 'x-forwarded-host': 'tessera.test' } }],
    ['a proxy names the protocol', '/v2/kept?x=1', { headers: { 'x-forwarded-proto': 'https' } }],
    ['a standard forwarding header names it', '/v2/kept?x=1', { headers: { forwarded: 'for=10.0.0.1' } }],
  ])('leaves the request to the app when %s', async (_case, path, init) => {
    const { response, text } = await s.call(path, init);
    if (init.method !== 'HEAD') expect(text).toBe('app');
    expect(response.headers.get('content-type')).toBe('text/plain');
  });

  it('names Origin in Vary when the app answers cross-origin calls, as @fastify/cors does', async () => {
    const cors = await laneServer({ varyOrigin: true });
    try {
      expect((await cors.call('/v2/kept?x=1')).response.headers.get('vary')).toBe('Origin');
    } finally {
      await cors.close();
    }
    expect((await s.call('/v2/kept?x=1')).response.headers.get('vary')).toBeNull();
  });

  it('sends everything to the app until it is opened, and once it is closed', async () => {
    const server = await laneServer();
    try {
      server.lane.close();
      expect((await server.call('/v2/kept?x=1')).text).toBe('app');
      server.lane.open(server.opened);
      expect((await server.call('/v2/kept?x=1')).text).toBe(BODY.toString());
    } finally {
      await server.close();
    }
  });

  it('leaves the request to the app when a lane route fails, and logs the failure', async () => {
    expect((await s.call('/v2/kept?fail=1')).text).toBe('app');
    expect(s.failures).toEqual([expect.objectContaining({ url: '/v2/kept?fail=1' })]);
  });

  it('refuses to serve one path twice', () => {
    expect(() => s.lane.add('/v2/kept', () => undefined)).toThrow(/already serves/);
  });
});

describe('plainQueryOf', () => {
  const Paging = Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: 1000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  });
  const ById = Type.Object({ _id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

  it("reads plain pairs as the schema's values, with its defaults", () => {
    expect(plainQueryOf(Paging, '')).toEqual({ skip: 0, limit: 20 });
    expect(plainQueryOf(Paging, 'limit=100')).toEqual({ skip: 0, limit: 100 });
    expect(plainQueryOf(Paging, 'limit=5&skip=10')).toEqual({ skip: 10, limit: 5 });
    expect(plainQueryOf(ById, '_id=0123456789abcdef01234567')).toEqual({ _id: '0123456789abcdef01234567' });
  });

  it.each([
    [Paging, 'limit=101'],
    [Paging, 'limit=0'],
    [Paging, 'skip=-1'],
    [Paging, 'limit=1e2'],
    [Paging, 'limit=2.5'],
    [Paging, 'limit='],
    [Paging, 'limit'],
    [Paging, '=5'],
    [Paging, 'limit=5&limit=6'],
    [Paging, 'limit[]=5'],
    [Paging, 'limit=%35'],
    [Paging, 'limit=5&other=1'],
    [Paging, 'limit=5&'],
    [Paging, 'limit=99999999999'],
    [Paging, 'constructor=x'],
    [Paging, '__proto__=x'],
    [Paging, 'toString=1'],
    [ById, ''],
    [ById, '_id=0123456789ABCDEF01234567'],
    [ById, '_id=0123456789abcdef0123456'],
    [ById, '_id=0123456789abcdef01234567+'],
  ])('leaves %#: "%s" to the app', (schema, query) => {
    expect(plainQueryOf(schema, query)).toBeUndefined();
  });
});
