// Control characters are refused at the edge (issue 11, found by the attack suite): a NUL in a path
// parameter once reached PostgreSQL, which refused it (errCode 1). Every path and query parameter
// with a control character, and every JSON body with a NUL, answers errCode 4 naming the field, on
// both databases; free text keeps its line breaks and tabs.
import { ErrCode } from '@tessera/domain';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badFieldsOf, createTestApp, dataOf, type TestApp, type TestClient } from '../testing';

type OpenApiParameter = { in: string; name: string };
type OpenApiDocument = { paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>> };

const FREE_POLICY = encodeURIComponent('for public\n\ninitial[active]:\n  terminate');

describe('control characters in requests', () => {
  let t: TestApp;
  let member: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: member } = await t.login({ username: 'member' }));
    dataOf(await member.post('/v2/storages/buckets', { bucketName: 'member-files' }));
  });
  afterAll(() => t.close());

  it('refuses a NUL in any path parameter of any /v2 route, naming the parameter', async () => {
    const document = t.app.swagger() as unknown as OpenApiDocument;
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v2/') && path.includes('{'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })));
    expect(routes.length).toBeGreaterThan(30);
    for (const { path, method } of routes) {
      for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)) {
        const url = path.replace(/\{([^}]+)\}/g, (_, other: string) => (other === name ? 'a%00b' : 'member-files'));
        const answer = await member.request(method as HTTPMethods, url, method === 'GET' ? {} : { body: {} });
        expect(badFieldsOf(answer), `${method} ${url}`).toEqual([name]);
      }
    }
  });

  it('refuses other control characters in parameters, and a NUL that a second decoding of a name reveals', async () => {
    for (const text of ['\u0001', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f', 'a\nb']) {
      const bucket = await member.get(`/v2/storages/buckets/${encodeURIComponent(`x${text}`)}`);
      expect(badFieldsOf(bucket), JSON.stringify(text)).toEqual(['bucketName']);
      const market = await member.get('/v2/resources', { query: { keywords: `x${text}` } });
      expect(badFieldsOf(market), JSON.stringify(text)).toEqual(['keywords']);
    }
    // Full names travel encoded twice (API.md §1.6): `%2500` is a NUL once decoded again.
    expect(badFieldsOf(await member.get('/v2/storages/objects/member-files%252Fa%2500b'))).toEqual(['objectIdOrName']);
    expect(
      badFieldsOf(await member.get('/v2/storages/buckets/member-files/objects', { query: { mime: 'a\u0000' } })),
    ).toEqual(['mime']);
  });

  it('refuses a NUL anywhere in a JSON body, naming the field, and stores nothing', async () => {
    const resource = (fields: Record<string, unknown>) =>
      member.post('/v2/resources', { name: 'nul-test', resourceTypeCode: 'markdown', ...fields });
    expect(badFieldsOf(await resource({ resourceTitle: 'a\u0000b' }))).toEqual(['resourceTitle']);
    expect(badFieldsOf(await resource({ policies: [{ policyName: 'fr\u0000ee', policyText: FREE_POLICY }] }))).toEqual([
      'policies.0.policyName',
    ]);
    expect(badFieldsOf(await resource({ tags: ['ok', '\u0000'] }))).toEqual(['tags.1']);
    expect(badFieldsOf(await member.post('/v2/resources', { 'na\u0000me': 'x' }))).toEqual(['body']);
    const page = dataOf(await member.get<{ totalItem: number }>('/v2/resources', { query: { isSelf: 1 } }));
    expect(page.totalItem).toBe(0);
  });

  it('keeps line breaks and tabs in free text', async () => {
    const created = await member.post<{ intro: string }>('/v2/resources', {
      name: 'multi-line',
      resourceTypeCode: 'markdown',
      intro: 'first line\n\tsecond line\r\nthird',
    });
    expect(created.body.errCode).toBe(ErrCode.Success);
    expect(dataOf(created).intro).toBe('first line\n\tsecond line\r\nthird');
  });
});
