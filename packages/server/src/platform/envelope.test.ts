import { ErrCode, type FieldError } from '@tessera/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';
import { successSerializedOnce } from './envelope';
import { AppError } from './errors';

describe('the /v2 envelope and the error catalogue', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      config: { bodyLimit: 1024 },
      logStream: { write: (line) => void logLines.push(line) },
      setup(app) {
        app.get('/v2/test/boom', () => {
          throw new Error('database on fire');
        });
        app.get('/v2/test/business', () => {
          throw new AppError(ErrCode.Business, 'errors.activityNotFound');
        });
        app.post('/v2/test/echo', (request) => ({ ret: 0, errCode: 0, msg: 'success', data: request.body }));
      },
    });
  });
  afterAll(() => t.close());

  it('answers errCode 8 with HTTP 200 for an unknown path', async () => {
    const response = await t.client().get('/v2/nothing/here');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ret: 0, errCode: ErrCode.RouteNotFound, msg: '接口不存在', data: null });
  });

  it('answers errCode 8 for a known path with an unknown method', async () => {
    const response = await t.client().delete('/v2/activities/list4Client');
    expect(response.body).toMatchObject({ ret: 0, errCode: ErrCode.RouteNotFound });
  });

  it('answers errCode 4 naming the field for a query out of range', async () => {
    const response = await t.client().get('/v2/activities/list4Client?limit=101');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ret: 0,
      errCode: ErrCode.BadParams,
      msg: '参数校验失败',
      data: [{ field: 'limit', code: 'maximum', message: '不能大于 100' }],
    });
  });

  it('names a missing field and a malformed one', async () => {
    const missing = await t.client().get('/v2/activities/find4Client');
    expect(missing.body.data).toEqual([expect.objectContaining({ field: '_id', code: 'required' })]);
    const malformed = await t.client().get('/v2/activities/find4Client?_id=not-an-id');
    expect(malformed.body.errCode).toBe(ErrCode.BadParams);
    expect(malformed.body.data).toEqual([expect.objectContaining({ field: '_id', code: 'pattern' })]);
  });

  it('answers errCode 1 with a trace id, logs the error and never shows the stack', async () => {
    const response = await t.client().get<{ traceId: string }>('/v2/test/boom');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ret: 0, errCode: ErrCode.Unhandled, msg: '服务器内部错误' });
    const { traceId } = response.body.data;
    expect(traceId).toMatch(/^[0-9a-f]{24}$/);
    expect(response.text).not.toContain('database on fire');
    expect(response.text).not.toContain('at ');
    const logged = logLines.map((line) => JSON.parse(line) as { traceId?: string; err?: { message: string } });
    expect(logged.find((entry) => entry.traceId === traceId)?.err?.message).toBe('database on fire');
  });

  it('answers application errors with HTTP 200 and their errCode', async () => {
    const response = await t.client().get('/v2/test/business');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ret: 0, errCode: ErrCode.Business, msg: '活动不存在或已暂停', data: null });
  });

  describe('the language of msg', () => {
    it('is zh_CN by default', async () => {
      expect((await t.client().get('/v2/test/business')).body.msg).toBe('活动不存在或已暂停');
    });

    it('follows the locale cookie', async () => {
      const response = await t.client({ locale: 'en_US' }).get('/v2/activities/list4Client?limit=0');
      expect(response.body.msg).toBe('Parameter validation failed');
      expect(response.body.data).toEqual([{ field: 'limit', code: 'minimum', message: 'Must be at least 1' }]);
    });

    it('follows Accept-Language when there is no cookie', async () => {
      const english = await t
        .client({ headers: { 'accept-language': 'fr-FR, en-GB;q=0.8, zh;q=0.5' } })
        .get('/v2/test/business');
      expect(english.body.msg).toBe('The activity does not exist or has been paused');
      const chinese = await t
        .client({ headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' } })
        .get('/v2/test/business');
      expect(chinese.body.msg).toBe('活动不存在或已暂停');
    });

    it('prefers the cookie over Accept-Language', async () => {
      const response = await t
        .client({ locale: 'zh_CN', headers: { 'accept-language': 'en-US' } })
        .get('/v2/test/business');
      expect(response.body.msg).toBe('活动不存在或已暂停');
    });
  });

  describe('request bodies', () => {
    it('passes a JSON body through', async () => {
      const response = await t.client().post('/v2/test/echo', { hello: 'world' });
      expect(response.body).toEqual({ ret: 0, errCode: 0, msg: 'success', data: { hello: 'world' } });
    });

    it('answers errCode 4 for a body over the limit, and keeps serving', async () => {
      const response = await t.client({ locale: 'en_US' }).post('/v2/test/echo', { text: 'x'.repeat(2000) });
      expect(response.status).toBe(200);
      expect(response.body.errCode).toBe(ErrCode.BadParams);
      expect(response.body.data).toEqual<FieldError[]>([
        { field: 'body', code: 'tooLarge', message: 'The request body is too large' },
      ]);
      expect((await t.client().post('/v2/test/echo', { small: true })).body.errCode).toBe(0);
    });

    it('refuses a body nested deeper than 32 levels before anything reads it', async () => {
      const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : [nested(depth - 1)]);
      const deep = await t.client({ locale: 'en_US' }).post('/v2/test/echo', { value: nested(40) });
      expect(deep.body.errCode).toBe(ErrCode.BadParams);
      expect(deep.body.data).toEqual([
        { field: 'body', code: 'depth', message: 'The request body is nested more than 32 levels deep' },
      ]);
      const fine = await t.client().post('/v2/test/echo', { value: nested(30) });
      expect(fine.body).toMatchObject({ errCode: 0, data: { value: nested(30) } });
    });

    it('answers errCode 4 for malformed JSON', async () => {
      const json = { headers: { 'content-type': 'application/json' } };
      for (const body of ['{"broken": ', '']) {
        const response = await t.client({ locale: 'en_US' }).request('POST', '/v2/test/echo', { ...json, body });
        expect(response.body.errCode).toBe(ErrCode.BadParams);
        expect(response.body.data).toEqual([
          { field: 'body', code: 'json', message: 'The request body is not valid JSON' },
        ]);
      }
    });
  });
});

describe('answers serialized once', () => {
  it('send the same bytes for the same data, shaped by the route schema, and serialize new data anew', async () => {
    const app = Fastify();
    let serialized = 0;
    app.setSerializerCompiler(({ schema }) => {
      const keep = Object.keys((schema as { properties: { data: { properties: object } } }).properties.data.properties);
      return (envelope: { data: Record<string, unknown> }) => {
        serialized += 1;
        const data = Object.fromEntries(
          keep.filter((key) => key in envelope.data).map((key) => [key, envelope.data[key]]),
        );
        return JSON.stringify({ ...envelope, data });
      };
    });
    let current: object = { title: 'kept', secret: 'not in the schema' };
    const send = successSerializedOnce();
    app.get(
      '/kept',
      {
        schema: {
          response: {
            200: {
              type: 'object',
              properties: { data: { type: 'object', properties: { title: { type: 'string' } } } },
            },
          },
        },
      },
      async (_request, reply) => send(reply, current),
    );
    try {
      const first = await app.inject('/kept');
      const second = await app.inject('/kept');
      expect(first.json()).toEqual({ ret: 0, errCode: 0, msg: 'success', data: { title: 'kept' } });
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.body).toBe(first.body);
      expect(serialized).toBe(1);
      current = { title: 'changed' };
      expect((await app.inject('/kept')).json().data).toEqual({ title: 'changed' });
      expect(serialized).toBe(2);
    } finally {
      await app.close();
    }
  });
});
