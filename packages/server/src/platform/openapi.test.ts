import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../testing';

type OpenApiDocument = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { tags?: string[]; summary?: string; parameters?: { name: string; in: string }[] }>
  >;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = JSON.parse((await callApi(t.app, 'GET', '/v2/docs/json')).text) as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('describes the activity calls with their parameters', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const list = doc.paths['/v2/activities/list4Client']?.get;
    const find = doc.paths['/v2/activities/find4Client']?.get;
    expect(list?.tags).toEqual(['activities']);
    expect(list?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['limit', 'skip']);
    expect(find?.parameters).toEqual([expect.objectContaining({ name: '_id', in: 'query' })]);
  });

  it('gives every documented call a tag and a summary, and leaves out files and the docs themselves', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.values(methods).map((operation) => ({ path, ...operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(4);
    for (const operation of operations) {
      expect(operation.tags?.length, operation.path).toBeGreaterThan(0);
      expect(operation.summary, operation.path).toBeTruthy();
    }
    expect(
      Object.keys(doc.paths).filter(
        (path) => path.startsWith('/assets') || path.startsWith('/static') || path.startsWith('/v2/docs'),
      ),
    ).toEqual([]);
  });

  it('serves the browsable documentation at /v2/docs', async () => {
    const response = await callApi(t.app, 'GET', '/v2/docs/', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.text).toContain('swagger');
  });
});
