// The wire contract and the server agree: every endpoint of @tessera/contract (what the web app
// calls) is a route the server registers with the same method and path.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX } from '@tessera/domain';
import { endpoint, type Endpoint } from '@tessera/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing';

const endpointsDir = join(import.meta.dirname, '..', '..', 'contract', 'src', 'endpoints');

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

async function contractEndpoints(): Promise<{ name: string; endpoint: Endpoint }[]> {
  const found: { name: string; endpoint: Endpoint }[] = [];
  for (const file of readdirSync(endpointsDir).filter((name) => name.endsWith('.ts'))) {
    const module = (await import(join(endpointsDir, file))) as Record<string, unknown>;
    for (const [groupName, group] of Object.entries(module)) {
      for (const [name, value] of Object.entries(group as Record<string, unknown>)) {
        if (isEndpoint(value)) found.push({ name: `${file}: ${groupName}.${name}`, endpoint: value });
      }
    }
  }
  return found;
}

describe('the wire contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const registered = (candidate: Endpoint) =>
    t.app.hasRoute({ method: candidate.method, url: `${API_PREFIX}${candidate.path}` });

  it('names only routes the server registers, with their method and path', async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(0);
    const missing = endpoints.filter(({ endpoint: candidate }) => !registered(candidate));
    expect(missing.map(({ name, endpoint: e }) => `${name} ${e.method} ${e.path}`)).toEqual([]);
  });

  // Parameter names are not compared: the router matches by position, and so does the wire.
  it('would notice a wrong method or path', () => {
    expect(registered(endpoint('GET', '/activities/list4Client'))).toBe(true);
    expect(registered(endpoint('POST', '/activities/list4Client'))).toBe(false);
    expect(registered(endpoint('GET', '/activities/list4Clients'))).toBe(false);
    expect(registered(endpoint('DELETE', '/collections/resources/:resourceId'))).toBe(true);
    expect(registered(endpoint('DELETE', '/collections/resources'))).toBe(false);
  });
});
