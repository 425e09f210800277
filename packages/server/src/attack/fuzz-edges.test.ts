// The edges of input that a schema never sees: JSON nested thousands deep or megabytes long, bodies
// in odd content types or broken, malformed percent-escapes, over-long and encoded path segments.
// Every answer is the envelope (or the route's documented file or redirect), and nothing is stored.
import { ErrCode } from '@tessera/domain';
import { afterAll, describe } from 'vitest';
import { createTestApp } from '../testing';
import {
  arrangeAttacker,
  arrangeOwner,
  Caller,
  changedTables,
  documentedRoutes,
  errCodeOf,
  exampleOf,
  formViolations,
  ownerTargets,
  rowCounts,
  Tally,
  targetPathValue,
  type AttackRequest,
  type Route,
} from './testing';

const tally = new Tally('fuzz-edges', 'Deep and huge JSON, odd content types, broken escapes, long paths');
const t = await createTestApp();
afterAll(() => t.close());
const member = await arrangeOwner(t);
const caller = new Caller(t, tally, member.client);
const targets = ownerTargets(member, await arrangeAttacker(member.client));
const routes = documentedRoutes(t.app);
const noValues = () => undefined;

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

/** The route's URL with the member's own ids (or examples), the one named replaced by a raw segment. */
function urlWith(route: Route, raw: Record<string, string> = {}): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (raw[name] !== undefined) return raw[name];
    const own = targets.map((target) => targetPathValue(target, name)).find((value) => value !== undefined);
    const schema = route.pathParams.find((p) => p.name === name)?.schema ?? {};
    return encodeURIComponent(own ?? String(exampleOf(schema, name, noValues)));
  });
}

async function judged(
  route: Route | null,
  requests: AttackRequest[],
  routeOf = (_: number) => route,
): Promise<string[]> {
  const violations: string[] = [];
  for (const [index, request] of requests.entries()) {
    const route = routeOf(index);
    const before = await rowCounts(t);
    const answer = await caller.send(route, request);
    violations.push(...formViolations(route, request, answer));
    const errCode = errCodeOf(answer);
    if (errCode !== ErrCode.Success) {
      const changed = changedTables(before, await rowCounts(t));
      if (changed.length > 0)
        violations.push(`stored on refusal (${changed.join(', ')}): ${request.method} ${request.url.slice(0, 200)}`);
    }
  }
  return violations;
}

/** Bodies a JSON route must refuse as the envelope: deep, huge, broken, or not JSON at all. */
function oddBodies(route: Route): AttackRequest[] {
  const url = urlWith(route);
  const valid = route.body ? JSON.stringify(exampleOf(route.body, 'body', noValues)) : '{}';
  const as = (contentType: string | undefined, body: string | Buffer): AttackRequest => ({
    method: route.method,
    url,
    body,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });
  return [
    as('application/json', JSON.stringify({ ...JSON.parse(valid), draftData: nested(4000), deep: nested(4000) })),
    as('application/json', JSON.stringify({ ...JSON.parse(valid), draftData: 'x'.repeat(2 * 1024 * 1024) })),
    as('application/json', '{"a":'),
    as('application/json', ''),
    as('application/json', 'null'),
    as('application/json', '"text"'),
    as('application/json', '\uFEFF{}'),
    as('application/json; charset=utf-16', Buffer.from(valid, 'utf16le')),
    as('text/plain', valid),
    as('application/xml', '<a>1</a>'),
    as('application/x-www-form-urlencoded', 'a=1&b=2'),
    as('multipart/form-data; boundary=x', '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'),
    as(undefined, valid),
  ];
}

/** Multipart bodies an upload route must refuse as the envelope. */
function oddForms(route: Route): AttackRequest[] {
  const url = urlWith(route);
  const as = (contentType: string, body: string): AttackRequest => ({
    method: route.method,
    url,
    body,
    headers: { 'content-type': contentType },
  });
  return [
    as('multipart/form-data', '--x\r\n\r\n'),
    as('multipart/form-data; boundary=x', 'garbage'),
    as('multipart/form-data; boundary=x', '--x\r\ncontent-disposition: form-data; name="file"\r\n\r\nabc'),
    as(
      'multipart/form-data; boundary=x',
      `--x\r\ncontent-disposition: form-data; name="${'n'.repeat(10_000)}"\r\n\r\n1\r\n--x--\r\n`,
    ),
    as('application/json', '{"file":"x"}'),
    as('text/plain', 'file'),
  ];
}

/** Path segments: broken escapes, encoded separators and dots, one longer than the router takes. */
const SEGMENTS = {
  'bad escapes': ['%', '%E0%A4%A', '%zz', '%ED%A0%80'],
  'encoded separators': ['%00', '..%2F..%2F', '%252F', '%2e%2e', '%2F', '%5C'],
  'long segment': ['a'.repeat(5000)],
};

function oddSegments(route: Route, segments: string[]): AttackRequest[] {
  return route.pathParams.flatMap((parameter) =>
    segments.map((segment) => ({
      method: route.method,
      url: urlWith(route, { [parameter.name]: segment }),
      ...(route.body ? { body: exampleOf(route.body, 'body', noValues) } : {}),
    })),
  );
}

describe('edges of input', () => {
  for (const route of routes) {
    if (route.body) tally.case(`fuzz-edges bodies ${route.key}`, () => judged(route, oddBodies(route)), 60_000);
    if (route.multipart) tally.case(`fuzz-edges forms ${route.key}`, () => judged(route, oddForms(route)));
    if (route.pathParams.length === 0) continue;
    for (const [kind, segments] of Object.entries(SEGMENTS))
      tally.case(`fuzz-edges ${kind} ${route.key}`, () => judged(route, oddSegments(route, segments)));
  }
  // Stored odd input must not break later reads (a draft nested thousands deep once did).
  const reads = routes.filter((route) => route.method === 'GET');
  tally.case('fuzz-edges every read after the edges', () =>
    judged(
      null,
      reads.map((route) => ({ method: 'GET', url: urlWith(route) })),
      (index) => reads[index] ?? null,
    ),
  );
  tally.case('fuzz-edges encoded /v2 paths', () =>
    judged(null, [
      { method: 'GET', url: '/v2/%' },
      { method: 'GET', url: '/%76%32/users/current' },
      { method: 'GET', url: '/v2/users/%2e%2e/users/current' },
      { method: 'GET', url: `/v2/${'x'.repeat(10_000)}` },
      { method: 'GET', url: '/v2//users//current' },
      { method: 'GET', url: '/v2/users/current%00' },
      { method: 'GET', url: '/v2/users/current;x=1' },
    ]),
  );
});
