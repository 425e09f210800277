// What a browser holds before it calls Tessera: an XSRF token, and after signing in a session; on a
// node's site, the site session its sign-on opens.
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';

function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name) cookies.set(name.trim(), value.join('='));
  }
  return cookies;
}

export async function visitorXsrf(origin: string): Promise<string> {
  const token = cookiesOf(await fetch(`${origin}/v2/activities/list4Client?limit=1`)).get('XSRF-TOKEN');
  if (!token) throw new Error('no XSRF-TOKEN cookie issued');
  return token;
}

/** Signs in and answers the Cookie header a browser would then send. */
export async function signIn(origin: string, loginName: string, password: string): Promise<string> {
  const xsrf = await visitorXsrf(origin);
  const response = await fetch(`${origin}/v2/passport/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ loginName, password, isRemember: 1 }),
  });
  const body = (await response.json()) as { errCode: number; msg: string };
  if (body.errCode !== 0) throw new Error(`sign-in failed: ${body.msg}`);
  return [...cookiesOf(response)].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A signed-in user calling the platform's API as the web does (cookie and XSRF header). */
export type Caller = {
  cookie: string;
  xsrf: string;
  userId: number;
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
};

export async function callerOf(origin: string, loginName: string, password = 'Tessera2026'): Promise<Caller> {
  const cookie = await signIn(origin, loginName, password);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { cookie, 'x-xsrf-token': xsrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { errCode: number; msg: string; data: T };
    if (answer.errCode !== 0) throw new Error(`${method} ${path}: errCode ${answer.errCode} ${answer.msg}`);
    return answer.data;
  };
  const { userId } = await call<{ userId: number }>('GET', '/v2/users/current');
  return { cookie, xsrf, userId, call };
}

export type HostAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A GET to `origin` under another Host header (a node's site, `{nodeDomain}.localhost:{port}`): fetch
 * sends the URL's host whatever the headers say, and `*.localhost` does not resolve here.
 */
export function getOnHost(origin: string, host: string, path: string, cookie = ''): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${origin}${path}`, { headers: { host, ...(cookie ? { cookie } : {}) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The Cookie header a browser sends back after these Set-Cookie lines (cleared cookies left out). */
const pairsOf = (lines: readonly string[] | undefined): string =>
  (lines ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

/**
 * A node-site session for a user signed in on the platform (`platformCookie`), through the site's
 * sign-on as a browser goes: the site's start, the platform's authorize, the site's callback. Answers
 * the Cookie header for the node's host.
 */
export async function siteSignIn(origin: string, siteHost: string, platformCookie: string): Promise<string> {
  const start = await getOnHost(origin, siteHost, '/_site/sso/start?returnPath=%2F');
  const authorize = new URL(String(start.headers.location ?? ''));
  const code = await fetch(`${origin}${authorize.pathname}${authorize.search}`, {
    headers: { cookie: platformCookie },
    redirect: 'manual',
  });
  const callback = new URL(code.headers.get('location') ?? '');
  if (!callback.searchParams.has('code')) throw new Error(`no sign-on code: ${callback.toString()}`);
  const done = await getOnHost(
    origin,
    siteHost,
    `${callback.pathname}${callback.search}`,
    pairsOf(start.headers['set-cookie']),
  );
  const cookie = pairsOf(done.headers['set-cookie']);
  if (!/nodeSiteSession=\w/.test(cookie)) throw new Error(`no site session from ${siteHost}`);
  return cookie;
}
