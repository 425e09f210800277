import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../testing';

const ALLOWED = 'https://app.example.com';

describe('cross-origin calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { corsOrigins: [ALLOWED] } });
  });
  afterAll(() => t.close());

  it('answers the preflight of a JSON write from a configured origin', async () => {
    const response = await callApi(t.app, 'OPTIONS', '/v2/i18n/configs/list', {
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-xsrf-token',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('x-xsrf-token');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
  });

  it('echoes a configured origin with credentials, never *', async () => {
    const response = await callApi(t.app, 'GET', '/v2/activities/list4Client', { headers: { origin: ALLOWED } });
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives other origins no CORS headers', async () => {
    const response = await callApi(t.app, 'GET', '/v2/activities/list4Client', {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
