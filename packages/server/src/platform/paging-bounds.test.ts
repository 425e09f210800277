// Paging parameters are bounded by the schemas (hardening finding 8): a huge skip or page is refused
// as errCode 4 naming the field, on every list route, instead of reaching the database.
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badFieldsOf, createTestApp, type TestApp, type TestClient } from '../testing';

type OpenApiParameter = { in: string; name: string; required?: boolean };
type OpenApiDocument = { paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>> };

const HUGE = '99999999999999999999';

describe('paging parameters', () => {
  let t: TestApp;
  let member: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: member } = await t.login());
  });
  afterAll(() => t.close());

  /** Every GET route without path parameters whose query has `name`, with 1 for its other required parameters. */
  const listRoutes = (name: string): { path: string; required: Record<string, string> }[] => {
    const document = t.app.swagger() as unknown as OpenApiDocument;
    return Object.entries(document.paths)
      .filter(
        ([path, methods]) =>
          !path.includes('{') && methods.get?.parameters?.some((p) => p.in === 'query' && p.name === name),
      )
      .map(([path, methods]) => ({
        path,
        required: Object.fromEntries(
          (methods.get?.parameters ?? [])
            .filter((p) => p.in === 'query' && p.required && p.name !== name)
            .map((p) => [p.name, '1']),
        ),
      }));
  };

  it('refuses a skip beyond the bound on every list route that takes one', async () => {
    const paths = listRoutes('skip');
    expect(paths.length).toBeGreaterThan(5);
    for (const { path, required } of paths) {
      const answer = await member.get(path, { query: { ...required, skip: HUGE } });
      expect(badFieldsOf(answer), path).toContain('skip');
    }
  });

  it('refuses a page beyond the bound', async () => {
    const paths = listRoutes('page');
    expect(paths.length).toBeGreaterThan(0);
    for (const { path, required } of paths) {
      const answer = await member.get(path, { query: { ...required, page: HUGE } });
      expect(badFieldsOf(answer), path).toContain('page');
    }
  });

  it('still takes a large skip inside the bound', async () => {
    const answer = await member.get('/v2/activities/list4Client', { query: { skip: 100_000_000 } });
    expect(answer.body.errCode).toBe(ErrCode.Success);
  });
});
