// What a browser holds before it calls Tessera: an XSRF token, and after signing in a session.

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
