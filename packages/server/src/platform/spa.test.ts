import { languageTextsPath, XSRF_COOKIE } from '@tessera/domain';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../testing';

const INDEX_HTML =
  '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const html = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };

describe('the web app (history fallback and caching)', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'tessera-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("tessera");');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("tessera");'));
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves hashed assets for a year, immutable', async () => {
    const response = await callApi(t.app, 'GET', '/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.text).toBe('console.log("tessera");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toContain('javascript');
  });

  it('sends the precompressed copy to a browser that accepts it, and the plain file otherwise', async () => {
    const compressed = await callApi(t.app, 'GET', '/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("tessera");');
    const plain = await callApi(t.app, 'GET', '/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('console.log("tessera");');
  });

  // index.html is below the size the build compresses (web/build/precompress.ts), so there is no
  // index.html.gz: @fastify/static then retried without our options and sent it immutable for a year.
  it('never lets a browser keep the app shell: no-cache also when it accepts compressed answers', async () => {
    for (const encoding of ['gzip, deflate, br', 'gzip', 'identity']) {
      const response = await callApi(t.app, 'GET', '/market', {
        headers: { ...html.headers, 'accept-encoding': encoding },
      });
      expect(response.status, encoding).toBe(200);
      expect(response.headers['cache-control'], encoding).toBe('private, no-cache');
      expect(response.headers['cache-control'], encoding).not.toContain('immutable');
    }
  });

  it('answers index.html, revalidated on every load, for the app routes', async () => {
    for (const path of ['/', '/home', '/activities', '/activity/0123456789abcdef01234567', '/no/such/page?x=1']) {
      const response = await callApi(t.app, 'GET', path, html);
      expect(response.status, path).toBe(200);
      expect(response.text.replace(/<meta name="tessera-texts".*<\/head>/, '</head>'), path).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], path).toBe('private, no-cache');
      expect(response.headers['content-type'], path).toContain('text/html');
      expect(response.cookies[XSRF_COOKIE], path).toBeDefined();
    }
  });

  it('tells the page the versions of the texts and preloads the request language’s file (issues 15, 16)', async () => {
    const versions = t.services.i18n.textsVersions();
    const meta = `<meta name="tessera-texts" content="zh_CN:${versions.zh_CN} en_US:${versions.en_US}">`;
    const preload = (language: 'zh_CN' | 'en_US') =>
      `<link rel="preload" href="${languageTextsPath(language, versions[language])}" as="fetch" crossorigin="anonymous">`;
    const page = async (headers: Record<string, string>, locale?: 'zh_CN' | 'en_US') =>
      (await callApi(t.app, 'GET', '/home', { headers: { ...html.headers, ...headers }, locale })).text;

    expect(await page({})).toContain(`${meta}${preload('zh_CN')}</head>`);
    expect(await page({ 'accept-language': 'en-GB,en;q=0.9' })).toContain(preload('en_US'));
    expect(await page({ 'accept-language': 'fr-FR' })).toContain(preload('en_US'));
    expect(await page({ 'accept-language': 'zh-TW,en;q=0.5' })).toContain(preload('zh_CN'));
    expect(await page({ 'accept-language': 'en-GB' }, 'zh_CN')).toContain(preload('zh_CN'));
  });

  it('changes the page’s ETag with the texts it names', async () => {
    const before = await callApi(t.app, 'GET', '/home', html);
    await t.db
      .updateTable('i18n_texts')
      .set({ zh_CN: '接口不存在。' })
      .where('key', '=', 'errors.routeNotFound')
      .execute();
    await t.services.i18n.reload();
    const after = await callApi(t.app, 'GET', '/home', {
      headers: { ...html.headers, 'if-none-match': String(before.headers.etag) },
    });
    expect(after.status).toBe(200);
    expect(after.text).toContain(`zh_CN:${t.services.i18n.textsVersions().zh_CN}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers the app page to curl (Accept: */*, or no Accept at all) on a page path', async () => {
    for (const headers of [{ accept: '*/*' }, {}] as Record<string, string>[]) {
      for (const path of ['/home', '/market?keywords=rain', '/result/resource/version/create/release/abc/1.0.1']) {
        const response = await callApi(t.app, 'GET', path, { headers });
        expect(response.status, path).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.text).toContain('<div id="root"></div>');
      }
    }
    // A missing file is still a plain 404 to a client that takes anything (a script, a fetch).
    for (const path of ['/missing.js', '/some/page/logo.png']) {
      const response = await callApi(t.app, 'GET', path, { headers: { accept: '*/*' } });
      expect(response.status, path).toBe(404);
      expect(response.text).not.toContain('<div id="root">');
    }
  });

  it('answers 304 to a conditional reload of index.html', async () => {
    const first = await callApi(t.app, 'GET', '/home', html);
    const etag = String(first.headers.etag);
    const again = await callApi(t.app, 'GET', '/home', { headers: { ...html.headers, 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves files at the top of the build', async () => {
    const response = await callApi(t.app, 'GET', '/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never falls back for /v2, missing assets or non-HTML requests', async () => {
    const api = await callApi(t.app, 'GET', '/v2/not/a/route', html);
    expect(api.body).toMatchObject({ errCode: 8 });
    expect((await callApi(t.app, 'GET', '/assets/missing-123.js', html)).status).toBe(404);
    expect((await callApi(t.app, 'GET', '/static/missing.svg', html)).status).toBe(404);
    // The assets directory itself is not a file: 404 like any unknown asset, never 500.
    for (const path of ['/assets/', '/static/', '/static/demo/']) {
      for (const request of [html, { headers: { accept: '*/*' } }]) {
        expect((await callApi(t.app, 'GET', path, request)).status, path).toBe(404);
      }
    }
    expect((await callApi(t.app, 'GET', '/some/page', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await callApi(t.app, 'POST', '/some/page', { ...html, body: {} })).status).toBe(404);
  });

  it('serves the server assets (demo covers) with a long cache', async () => {
    const response = await callApi(t.app, 'GET', '/static/demo/covers/orbit.svg');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
  });
});

describe('before the web app is built', () => {
  it('answers a short page saying how to build it', async () => {
    const emptyDist = mkdtempSync(join(tmpdir(), 'tessera-no-dist-'));
    const t = await createTestApp({ config: { webDist: emptyDist } });
    try {
      const response = await callApi(t.app, 'GET', '/home', html);
      expect(response.status).toBe(503);
      expect(response.text).toContain('npm run build');
      expect((await t.client().get('/v2/activities/list4Client')).body.errCode).toBe(0);
    } finally {
      await t.close();
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });
});

describe('the page code of an address, named in its index.html (issue 15, LCP)', () => {
  const routes = [
    {
      path: '/market',
      scripts: ['/assets/MarketPage-m1.js', '/assets/Input-i1.js'],
      styles: ['/assets/MarketPage-m1.css'],
    },
    { path: '/resource/details/:id', scripts: ['/assets/ResourceDetailsPage-d1.js'], styles: [] },
    { path: '/home', scripts: [], styles: [] },
  ];
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'tessera-web-dist-'));
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, '.vite', 'route-preloads.json'), JSON.stringify(routes));
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const market =
    '<link rel="modulepreload" crossorigin href="/assets/MarketPage-m1.js">' +
    '<link rel="modulepreload" crossorigin href="/assets/Input-i1.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/MarketPage-m1.css">';
  const details = '<link rel="modulepreload" crossorigin href="/assets/ResourceDetailsPage-d1.js">';

  it('preloads the market’s chunks and styles on /market, in the head, with or without query and trailing slash', async () => {
    for (const path of ['/market', '/market?keywords=mist', '/market/', '/Market']) {
      const response = await callApi(t.app, 'GET', path, html);
      expect(response.status, path).toBe(200);
      const head = response.text.slice(0, response.text.indexOf('</head>'));
      expect(head, path).toContain(market);
      expect(response.text, path).not.toContain('ResourceDetailsPage');
    }
  });

  it('preloads the details page’s chunk on any resource’s address, and each address has its own ETag', async () => {
    const one = await callApi(t.app, 'GET', '/resource/details/0123456789abcdef01234567', html);
    const other = await callApi(t.app, 'GET', '/resource/details/alice%2Fmorning-mist', html);
    expect(one.text).toContain(details);
    expect(other.text).toContain(details);
    expect(one.headers.etag).toBe(other.headers.etag);
    const market = await callApi(t.app, 'GET', '/market', html);
    expect(market.headers.etag).not.toBe(one.headers.etag);
  });

  it('names nothing for other addresses, deeper ones or routes whose code is all in the entry', async () => {
    for (const path of ['/home', '/activities', '/resource/details', '/resource/details/x/y', '/market/more']) {
      const response = await callApi(t.app, 'GET', path, html);
      expect(response.status, path).toBe(200);
      expect(response.text, path).not.toContain('modulepreload');
      expect(response.text, path).not.toContain('rel="stylesheet"');
    }
  });

  it('does not serve the list itself', async () => {
    const response = await callApi(t.app, 'GET', '/.vite/route-preloads.json');
    expect(response.status).toBe(404);
  });
});
