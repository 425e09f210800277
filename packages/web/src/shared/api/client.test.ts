import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HTTP_STATUS_DESCRIPTIONS, routes } from '@tessera/domain';
import { seedTexts } from '@tessera/domain/i18n-texts';
import { envelope, gate, startTestServer, type TestServer } from '../../testing/test-server';
import { createTranslator } from '../i18n';
import { ApiError, fieldErrorsOf } from './api-error';
import { endpoint } from '@tessera/contract/endpoint';
import { createApiClient, HTTP_DEFAULTS, type ApiClient } from './client';

const PAGE = 'http://localhost:3000/activities?tab=1';

let server: TestServer;
let replaced: string[];
let client: ApiClient;
const translate = createTranslator(seedTexts, 'zh_CN');

function makeClient(language: 'zh_CN' | 'en_US' = 'zh_CN'): ApiClient {
  return createApiClient({
    baseURL: `${server.origin}/v2`,
    adapter: 'fetch',
    translate: createTranslator(seedTexts, language),
    location: { href: () => PAGE, replace: (url) => replaced.push(url) },
  });
}

beforeEach(async () => {
  server = await startTestServer();
  replaced = [];
  client = makeClient();
});

afterEach(() => server.close());

const apiRequests = () => server.requests.filter((request) => request.path.startsWith('/v2'));

// Endpoints of a made-up area: the client is tested on its own, not on a real route.
type Query = { sort?: string; ids?: string; q?: string; none?: string };
const getThings = endpoint<{ query: Query; answer: unknown }>('GET', '/things');
const postThings = endpoint<{ body: unknown; answer: unknown }>('POST', '/things');
const putThings = endpoint<{ body: unknown; answer: unknown }>('PUT', '/things');
const deleteThings = endpoint<{ answer: unknown }>('DELETE', '/things');
const at = (path: string) => endpoint<{ answer: unknown }>('GET', path);
const postAt = (path: string) => endpoint<{ body: unknown; answer: unknown }>('POST', path);

/** The ApiError a refused call throws. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (caught: unknown) => caught as ApiError,
  );

describe('successful calls', () => {
  it('answers the data of a GET and writes the query like the reference client', async () => {
    server.route('/v2/things', { body: envelope({ id: 1 }) });
    const answer = await client.call(getThings, {
      query: { sort: 'createDate:-1', ids: 'a,b', q: 'a b', none: undefined },
    });
    expect(answer).toEqual({ id: 1 });
    const [request] = apiRequests();
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/v2/things');
    expect(request?.query.get('sort')).toBe('createDate:-1');
    expect(request?.query.get('ids')).toBe('a,b');
    expect(request?.query.get('q')).toBe('a b');
    expect(request?.query.has('none')).toBe(false);
  });

  it('sends JSON bodies', async () => {
    server.route('/v2/things', { body: envelope(true) });
    await client.call(postThings, { body: { name: 'tile' } });
    await client.call(putThings, { body: [1, 2] });
    const [post, put] = apiRequests();
    expect(post?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ name: 'tile' });
    expect(put?.method).toBe('PUT');
    expect(JSON.parse(put?.body ?? '')).toEqual([1, 2]);
  });

  it('throws application errors without redirecting', async () => {
    server.route('/v2/things', { body: envelope(null, { errCode: 2, msg: 'node domain is already taken' }) });
    const error = await refusal(client.call(deleteThings));
    expect(error?.errCode).toBe(2);
    expect(error?.message).toBe('node domain is already taken');
    expect(replaced).toEqual([]);
  });

  it('accepts every status from 200 to 299', async () => {
    server.route('/v2/created', { status: 201, body: envelope('created') });
    server.route('/v2/partial', { status: 206, body: envelope('partial') });
    expect(await client.call(at('/created'))).toBe('created');
    expect(await client.call(at('/partial'))).toBe('partial');
  });
});

describe('call: an endpoint of the wire contract', () => {
  const thing = endpoint<{
    params: { id: string };
    query: { full?: number };
    body: { name: string };
    answer: { id: string };
  }>('PUT', '/things/:id');

  it('fills the path, sends query and body, and answers the data', async () => {
    server.route('/v2/things/a%2Fb', { body: envelope({ id: 'a/b' }) });
    const data = await client.call(thing, { params: { id: 'a/b' }, query: { full: 1 }, body: { name: 'tile' } });
    expect(data).toEqual({ id: 'a/b' });
    const [request] = apiRequests();
    expect(request?.method).toBe('PUT');
    expect(request?.query.get('full')).toBe('1');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'tile' });
  });

  it.each([
    ['errCode 2', { errCode: 2, msg: 'taken' }, 2],
    ['ret 4 with errCode 10 (no redirect asked)', { ret: 4, errCode: 10, msg: 'frozen' }, 10],
    ['ret 1 with errCode 0', { ret: 1, msg: 'odd' }, 0],
  ])('throws a refused call (%s) as an ApiError with errCode, msg and data', async (_, codes, errCode) => {
    server.route('/v2/things/x', { body: envelope([{ field: 'name', code: 'pattern', message: 'bad' }], codes) });
    const error = await client
      .call(thing, { params: { id: 'x' }, body: { name: '' } }, { noRedirect: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errCode).toBe(errCode);
    expect((error as ApiError).message).toBe(codes.msg);
    expect((error as ApiError).data).toEqual([{ field: 'name', code: 'pattern', message: 'bad' }]);
  });

  it('reads the refused fields of an errCode 4 answer', async () => {
    server.route('/v2/things/x', {
      body: envelope([{ field: 'name', code: 'pattern', message: '名称格式不对' }], {
        errCode: 4,
        msg: '参数校验失败',
      }),
    });
    const error = await client
      .call(thing, { params: { id: 'x' }, body: { name: '' } })
      .catch((caught: unknown) => caught);
    expect(fieldErrorsOf(error)).toEqual(new Map([['name', '名称格式不对']]));
    expect(fieldErrorsOf(new Error('other'))).toEqual(new Map());
  });
});

describe('addressOf: an address for a whole-page navigation', () => {
  it('fills the path and writes the query after the API base', () => {
    const file = endpoint<{ params: { id: string }; query: { as?: string }; answer: never }>('GET', '/files/:id');
    expect(client.addressOf(file, { params: { id: 'a b' }, query: { as: 'x/y' } })).toBe(
      `${server.origin}/v2/files/a%20b?as=x%2Fy`,
    );
  });
});

describe('XSRF', () => {
  it('copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=token%2Fvalue; path=/';
    server.route('/v2/things', { body: envelope(true) });
    await client.call(postThings, { body: {} });
    await client.call(getThings);
    for (const request of apiRequests()) expect(request.headers['x-xsrf-token']).toBe('token/value');
  });

  it('sends no header without the cookie', async () => {
    server.route('/v2/things', { body: envelope(true) });
    await client.call(postThings, { body: {} });
    expect(apiRequests()[0]?.headers['x-xsrf-token']).toBeUndefined();
  });
});

describe('errCode 30: not logged in', () => {
  beforeEach(() => {
    server.route('/v2/private', { body: envelope(null, { errCode: 30, msg: 'user is not logged in' }) });
    server.route('/v2/passport/logout', { body: envelope(null) });
  });

  it('logs out, then replaces the page with the login page and goTo = current address', async () => {
    const error = await refusal(client.call(at('/private')));
    expect(error?.errCode).toBe(30);
    expect(apiRequests().map((request) => request.path)).toEqual(['/v2/private', '/v2/passport/logout']);
    expect(replaced).toEqual([routes.login({ goTo: PAGE })]);
    expect(replaced[0]).toBe(`/login?goTo=${encodeURIComponent(PAGE)}`);
  });

  it('still goes to the login page when logout fails', async () => {
    server.route('/v2/passport/logout', { status: 500, body: 'down' });
    await refusal(client.call(at('/private')));
    expect(replaced).toEqual([routes.login({ goTo: PAGE })]);
  });

  it('does nothing of the kind with noRedirect', async () => {
    const error = await refusal(client.call(at('/private'), {}, { noRedirect: true }));
    expect(error?.errCode).toBe(30);
    expect(apiRequests().map((request) => request.path)).toEqual(['/v2/private']);
    expect(replaced).toEqual([]);
  });

  it('acts on errCode 30 whatever ret says', async () => {
    server.route('/v2/private', { body: envelope(null, { ret: 1, errCode: 30 }) });
    await refusal(client.call(postAt('/private'), { body: {} }));
    expect(replaced).toEqual([routes.login({ goTo: PAGE })]);
  });

  it('leaves the page once when several calls fail together', async () => {
    await Promise.all([1, 2, 3].map(() => refusal(client.call(at('/private')))));
    expect(replaced).toHaveLength(1);
  });
});

describe('ret 4 with errCode 10: frozen account', () => {
  it('replaces the page with the freeze page and goTo = current address', async () => {
    server.route('/v2/things', { body: envelope(null, { ret: 4, errCode: 10, msg: 'this account has been frozen' }) });
    const error = await refusal(client.call(getThings));
    expect(error?.errCode).toBe(10);
    expect(replaced).toEqual([routes.freeze({ goTo: PAGE })]);
    expect(apiRequests().map((request) => request.path)).toEqual(['/v2/things']);
  });

  it('needs both ret 4 and errCode 10', async () => {
    server.route('/v2/things', { body: envelope(null, { ret: 0, errCode: 10 }) });
    await refusal(client.call(getThings));
    server.route('/v2/things', { body: envelope(null, { ret: 4, errCode: 2 }) });
    await refusal(client.call(getThings));
    expect(replaced).toEqual([]);
  });

  it('does not redirect with noRedirect', async () => {
    server.route('/v2/things', { body: envelope(null, { ret: 4, errCode: 10 }) });
    await refusal(client.call(getThings, {}, { noRedirect: true }));
    expect(replaced).toEqual([]);
  });
});

describe('followRedirect: the redirects a noRedirect call left to its caller', () => {
  it('follows an expired session and a frozen account afterwards, and nothing else', async () => {
    server.route('/v2/passport/logout', { body: envelope(null) });
    server.route('/v2/things', { body: envelope(null, { ret: 0, errCode: 2, msg: 'refused' }) });
    await client.followRedirect(await refusal(client.call(getThings, {}, { noRedirect: true })));
    await client.followRedirect(new Error('not an answer'));
    expect(replaced).toEqual([]);

    server.route('/v2/things', { body: envelope(null, { ret: 4, errCode: 10 }) });
    await client.followRedirect(await refusal(client.call(getThings, {}, { noRedirect: true })));
    expect(replaced).toEqual([routes.freeze({ goTo: PAGE })]);
  });

  it('logs out before leaving for the login page', async () => {
    server.route('/v2/passport/logout', { body: envelope(null) });
    server.route('/v2/private', { body: envelope(null, { errCode: 30, msg: 'user is not logged in' }) });
    await client.followRedirect(await refusal(client.call(at('/private'), {}, { noRedirect: true })));
    expect(apiRequests().map((request) => request.path)).toEqual(['/v2/private', '/v2/passport/logout']);
    expect(replaced).toEqual([routes.login({ goTo: PAGE })]);
  });
});

describe('HTTP statuses outside 200–299', () => {
  const statuses = Object.keys(HTTP_STATUS_DESCRIPTIONS)
    .map(Number)
    .filter((status) => status >= 300);

  it.each(statuses)('status %i throws the translated SPEC §8 description', async (status) => {
    server.route('/v2/things', { status, body: envelope(null) });
    const error = await refusal(client.call(getThings));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).message).toBe(translate(`http.status.${status}`));
    expect((error as ApiError).message).not.toBe(`http.status.${status}`);
  });

  it('describes the status in the current language', async () => {
    server.route('/v2/things', { status: 404, body: envelope(null) });
    await expect(makeClient('en_US').call(getThings)).rejects.toThrow(
      'The requested record does not exist; nothing was done.',
    );
    await expect(client.call(getThings)).rejects.toThrow('请求的记录不存在，服务器没有进行操作。');
  });

  it('names an unknown status by its number', async () => {
    server.route('/v2/things', { status: 418, body: 'teapot' });
    await expect(makeClient('en_US').call(getThings)).rejects.toThrow('The request failed (status 418).');
  });

  it('does not look into the body of a failed answer', async () => {
    server.route('/v2/things', { status: 500, body: envelope(null, { errCode: 30 }) });
    await expect(client.call(getThings)).rejects.toBeInstanceOf(ApiError);
    expect(replaced).toEqual([]);
  });
});

describe('network failures', () => {
  it('surfaces the HTTP library message', async () => {
    const origin = server.origin;
    await server.close();
    const offline = createApiClient({
      baseURL: `${origin}/v2`,
      adapter: 'fetch',
      translate,
      location: { href: () => PAGE, replace: () => undefined },
    });
    const error = await refusal(offline.call(getThings));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Network Error');
    expect((error as ApiError).status).toBeUndefined();
    server = await startTestServer();
  });

  it('reports an aborted call as cancelled', async () => {
    const held = gate();
    server.route('/v2/slow', { after: held.promise, body: envelope(true) });
    const controller = new AbortController();
    const pending = refusal(client.call(at('/slow'), {}, { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    held.open();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('ERR_CANCELED');
  });

  it('has no timeout and sends the session cookie along', () => {
    expect(HTTP_DEFAULTS).toEqual({ timeout: 0, withCredentials: true });
  });
});

describe('attachments', () => {
  it('hands an attachment over as received', async () => {
    const bytes = '{"ret":0,"errCode":30,"msg":"looks like an envelope","data":null}';
    server.route('/v2/files/1', {
      headers: {
        'content-type': 'application/json',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('报告.json')}`,
      },
      body: bytes,
    });
    const file = await client.download(at('/files/1'));
    expect(await file.data.text()).toBe(bytes);
    expect(file.fileName).toBe('报告.json');
    // An attachment is not unwrapped, so its content never triggers a redirect.
    expect(replaced).toEqual([]);
  });

  it('is never taken for an envelope by call, whatever it holds', async () => {
    server.route('/v2/files/2', {
      headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="a.json"' },
      body: JSON.stringify(envelope({ unwrapped: true })),
    });
    const error = await refusal(client.call(at('/files/2')));
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.errCode).toBeUndefined();
    expect(replaced).toEqual([]);
  });

  it('rejects with the envelope when a download answers one instead of a file', async () => {
    server.route('/v2/files/3', { body: envelope(null, { errCode: 3, msg: 'not yours' }) });
    const error = await refusal(client.download(at('/files/3')));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('not yours');
    expect((error as ApiError).envelope?.errCode).toBe(3);
  });

  it('still redirects when a download answers errCode 30', async () => {
    server.route('/v2/files/4', { body: envelope(null, { errCode: 30 }) });
    await expect(client.download(at('/files/4'))).rejects.toBeInstanceOf(ApiError);
    expect(replaced).toEqual([routes.login({ goTo: PAGE })]);
  });
});
