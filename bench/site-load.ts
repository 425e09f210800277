// A node site's first load (issue 14) in Chromium: the demo node `mist-gallery` and a node showing
// `BENCH_EXHIBITS` (100) exhibits (bench/exhibits.ts), each opened cold (a fresh browser context: no
// cache, no cookies, so the site's sign-on round trip through the platform is part of it) and warm
// (the same context again: its cookies and HTTP cache), `BENCH_LOADS` (5) times, medians reported.
//   npm run bench:site -w @tessera/bench
// BENCH_SITE_URLS (comma-separated node site addresses of a running server, e.g.
// http://mist-gallery.localhost:8080/) measures those instead of starting the real server here.
// BENCH_SIGN_IN=loginName:password signs each fresh context in through the API before its cold load
// (its HTTP cache still empty), for pages that need a session, such as /storage.
// Figures: LCP (the last 'largest-contentful-paint' entry), the load event, bytes transferred (encoded,
// headers included, redirects too) in all and for scripts, and the number of requests (redirects count).
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { seedExhibits } from './exhibits';
import { writeResults } from './measure';
import { startTessera } from './servers';

const PORT = 8309;
const loads = Number(process.env.BENCH_LOADS ?? 5);
const exhibits = Number(process.env.BENCH_EXHIBITS ?? 100);

type Transfer = { url: string; type: string; status: number; bytes: number; cached: boolean };
type Load = {
  lcpMs: number;
  loadMs: number;
  jsBytes: number;
  totalBytes: number;
  /** Every request, redirects and answers from the disk cache included. */
  requests: number;
  fromCache: number;
};
/** One load's figures and what it fetched, request by request. */
type Sample = Load & { transfers: Transfer[] };
type SiteFigures = {
  url: string;
  browser: string;
  cold: Load;
  warm: Load;
  load1: number;
  /** The first cold and warm loads' requests, to see what the figures are made of. */
  firstCold: Transfer[];
  firstWarm: Transfer[];
};

const LCP_OBSERVER = `
  window.__lcp = 0;
  window.__lcpSeen = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__lcp = entry.startTime;
      window.__lcpSeen = performance.now();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

const LCP_SETTLED = 'window.__lcp > 0 && performance.now() - window.__lcpSeen > 500';
const LCP_WAIT_MS = 15_000;

// Evaluated in the page (the bench's TypeScript has no DOM types).
const READ_TIMING = `({
  lcpMs: window.__lcp,
  loadMs: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0,
})`;

/** Polled from here: the page's CSP (script-src 'self') refuses waitForFunction's evaluated predicate. */
async function waitForLargestPaint(page: Page, url: string): Promise<void> {
  const deadline = Date.now() + LCP_WAIT_MS;
  while (Date.now() < deadline) {
    if (await page.evaluate<boolean>(LCP_SETTLED)) return;
    await page.waitForTimeout(100);
  }
  console.warn(`${url}: no largest contentful paint within ${LCP_WAIT_MS} ms`);
}

/** One navigation in a new page of `context`, its transfers counted through the DevTools protocol. */
async function loadOnce(context: BrowserContext, url: string): Promise<Sample> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const open = new Map<string, Transfer>();
  const transfers: Transfer[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const redirected = open.get(event.requestId);
    if (redirected && event.redirectResponse)
      transfers.push({
        ...redirected,
        status: event.redirectResponse.status,
        bytes: event.redirectResponse.encodedDataLength,
      });
    open.set(event.requestId, { url: event.request.url, type: event.type ?? '', status: 0, bytes: 0, cached: false });
  });
  cdp.on('Network.responseReceived', (event) => {
    const transfer = open.get(event.requestId);
    if (transfer)
      Object.assign(transfer, { status: event.response.status, cached: event.response.fromDiskCache === true });
  });
  const finish = (requestId: string, bytes: number) => {
    const transfer = open.get(requestId);
    if (transfer) transfers.push({ ...transfer, bytes });
    open.delete(requestId);
  };
  cdp.on('Network.loadingFinished', (event) => finish(event.requestId, event.encodedDataLength));
  cdp.on('Network.loadingFailed', (event) => finish(event.requestId, 0));
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
  await page.waitForLoadState('networkidle');
  // A page whose code and data came early can be quiet on the network while it still renders on a slow
  // core: wait for its largest paint too, and for half a second without a new one.
  await waitForLargestPaint(page, url);
  // A page that sent the visitor elsewhere (to sign in, say) measured another page.
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} went on to ${page.url()}`);
  const timing = await page.evaluate<{ lcpMs: number; loadMs: number }>(READ_TIMING);
  await page.close();
  const sum = (list: Transfer[]) => list.reduce((total, transfer) => total + transfer.bytes, 0);
  return {
    lcpMs: Math.round(timing.lcpMs),
    loadMs: Math.round(timing.loadMs),
    jsBytes: sum(transfers.filter((transfer) => transfer.type === 'Script')),
    totalBytes: sum(transfers),
    requests: transfers.length,
    fromCache: transfers.filter((transfer) => transfer.cached).length,
    transfers,
  };
}

const [signInName, ...signInPassword] = (process.env.BENCH_SIGN_IN ?? '').split(':');

/** Signs the context in as the web app does: a visitor's XSRF token first, then the login call echoing it. */
async function signIn(context: BrowserContext, url: string): Promise<void> {
  const { origin } = new URL(url);
  await context.request.get(`${origin}/v2/activities/list4Client?limit=1`);
  const xsrf = (await context.cookies(origin)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await context.request.post(`${origin}/v2/passport/login`, {
    headers: { 'x-xsrf-token': xsrf },
    data: { loginName: signInName, password: signInPassword.join(':'), isRemember: 0 },
  });
  const body = (await answer.json()) as { errCode: number; msg: string };
  if (body.errCode !== 0) throw new Error(`signing in as ${signInName} failed: ${body.msg}`);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function medianLoad(samples: readonly Sample[]): Load {
  const of = (key: keyof Load) => median(samples.map((sample) => sample[key]));
  return {
    lcpMs: of('lcpMs'),
    loadMs: of('loadMs'),
    jsBytes: of('jsBytes'),
    totalBytes: of('totalBytes'),
    requests: of('requests'),
    fromCache: of('fromCache'),
  };
}

async function measureSite(url: string): Promise<SiteFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const cold: Sample[] = [];
    const warm: Sample[] = [];
    for (let round = 0; round < loads; round += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
      await context.addInitScript(LCP_OBSERVER);
      if (signInName) await signIn(context, url);
      cold.push(await loadOnce(context, url));
      warm.push(await loadOnce(context, url));
      await context.close();
    }
    return {
      url,
      browser: `Chromium ${browser.version()}`,
      cold: medianLoad(cold),
      warm: medianLoad(warm),
      load1: Number((loadavg()[0] ?? 0).toFixed(2)),
      firstCold: cold[0]?.transfers ?? [],
      firstWarm: warm[0]?.transfers ?? [],
    };
  } finally {
    await browser.close();
  }
}

function table(results: readonly SiteFigures[]): string {
  const row = (url: string, kind: string, l: Load, load1: number) =>
    `| ${url} | ${kind} | ${l.lcpMs} | ${l.loadMs} | ${l.jsBytes} | ${l.totalBytes} | ${l.requests} (${l.fromCache}) | ${load1} |`;
  return [
    '| site | load | LCP ms | load event ms | JS bytes | total bytes | requests (from cache) | load (1 min) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...results.flatMap((r) => [row(r.url, 'cold', r.cold, r.load1), row(r.url, 'warm', r.warm, r.load1)]),
  ].join('\n');
}

const given = (process.env.BENCH_SITE_URLS ?? '').split(',').filter((url) => url !== '');
const results: SiteFigures[] = [];
if (given.length > 0) {
  for (const url of given) results.push(await measureSite(url));
} else {
  const tessera = await startTessera(PORT);
  try {
    await seedExhibits(tessera.url, exhibits);
    for (const nodeDomain of ['mist-gallery', 'bench-exhibits'])
      results.push(await measureSite(`http://${nodeDomain}.localhost:${PORT}/`));
  } finally {
    await tessera.stop();
  }
}
const context = `${new Date().toISOString()}, ${results[0]?.browser ?? 'Chromium'}, ${loads} cold and ${loads} warm loads each, medians`;
console.log(`\n${context}\n\n${table(results)}\n`);
writeResults('site-load', { context, results });
