// Paths the router refuses before any hook runs still answer the /v2 envelope (hardening finding 8).
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../testing';

describe('paths the router refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/v2/resources/%zz', '/v2/resources/%E0%A4%A', '/v2/%', '/v2/storages/buckets/%ED%A0%80'])(
    'answers a malformed percent-escape (%s) with errCode 4 naming the path',
    async (path) => {
      const answer = await callApi(t.app, 'GET', path, { headers: { 'accept-language': 'en' } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        ret: 0,
        errCode: ErrCode.BadParams,
        data: [{ field: 'path', code: 'encoding', message: 'The address has an invalid percent-encoding' }],
      });
    },
  );

  it('answers an over-long path parameter with errCode 4 in the caller’s language', async () => {
    const answer = await callApi(t.app, 'GET', `/v2/resources/${'a'.repeat(5000)}`, {
      headers: { cookie: 'locale=zh_CN' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ errCode: ErrCode.BadParams, data: [{ field: 'path', code: 'maxLength' }] });
    expect(answer.body.data).toEqual([expect.objectContaining({ message: '地址中的参数过长（最多 4096 个字符）' })]);
  });

  it('keeps plain answers outside /v2', async () => {
    expect((await callApi(t.app, 'GET', '/%zz')).status).toBe(400);
    const longPath = `/resource/${'a'.repeat(5000)}`;
    expect((await callApi(t.app, 'GET', longPath, { headers: { accept: 'application/json' } })).status).toBe(404);
  });
});
