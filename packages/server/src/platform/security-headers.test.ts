// Protective headers (hardening finding 9): the web app's Content-Security-Policy, nosniff on every
// answer, a Referrer-Policy; no upgrade-insecure-requests or HSTS on a plain-http install.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../testing';

const html = { headers: { accept: 'text/html' } };

describe('protective headers', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'tessera-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log(1);');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('gives the web app a policy: scripts from this origin only, no plugins, never framed', async () => {
    const page = await callApi(t.app, 'GET', '/market', html);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives API answers a policy that allows nothing, without the document-only headers', async () => {
    const answer = await callApi(t.app, 'GET', '/v2/activities/list4Client');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-site');
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'])
      expect(answer.headers[documentOnly], documentOnly).toBeUndefined();
    const page = await callApi(t.app, 'GET', '/home', html);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('says nosniff and a referrer policy on pages, API answers and files', async () => {
    for (const [path, options] of [
      ['/home', html],
      ['/v2/activities/list4Client', {}],
      ['/assets/index-abc.js', {}],
    ] as const) {
      const answer = await callApi(t.app, 'GET', path, options);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });
});
