// Every route of the OpenAPI document fuzzed with fast-check by a signed-in user who owns things:
// path, query and body values that are missing, mistyped, huge, hostile or extra. Every answer is the
// envelope (or the route's documented file or redirect), never errCode 1, and a refusal stores nothing.
import fc from 'fast-check';
import { ErrCode } from '@tessera/domain';
import { afterAll, describe, expect, it } from 'vitest';
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
  FUZZ_RUNS,
  FUZZ_SEED,
  hostileQuery,
  hostileString,
  mutatedBody,
  multipartFile,
  ownerTargets,
  rowCounts,
  Tally,
  targetPathValue,
  targetValue,
  urlOf,
  type AttackRequest,
  type Route,
  type ValueSource,
} from './testing';

const tally = new Tally('fuzz-input', 'Every route’s parameters and body fuzzed');
const t = await createTestApp();
afterAll(() => t.close());
const member = await arrangeOwner(t);
const targets = ownerTargets(member, await arrangeAttacker(member.client));
const routes = documentedRoutes(t.app);

/** The member's own ids where a route takes them, so that valid parts of a request reach real things. */
const ownValues: ValueSource = (name, schema) => {
  for (const target of targets) {
    const value = targetValue(target, name, schema);
    if (value !== undefined) return value;
  }
  return undefined;
};

const encodable = (text: string) => {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};
/** Hostile path segments that are valid escapes and within the router's length (fuzz-edges covers the rest). */
const hostileSegment = hostileString.filter((text) => text.length <= 1000 && encodable(text));

function requestArbitrary(route: Route): fc.Arbitrary<AttackRequest> {
  const pathValue = (name: string) => {
    for (const target of targets) {
      const value = targetPathValue(target, name);
      if (value !== undefined) return value;
    }
    return String(exampleOf(route.pathParams.find((p) => p.name === name)?.schema ?? {}, name, ownValues));
  };
  const path = fc.tuple(
    ...route.pathParams.map((p) =>
      fc.oneof({ arbitrary: fc.constant(pathValue(p.name)), weight: 2 }, { arbitrary: hostileSegment, weight: 1 }),
    ),
  );
  const body: fc.Arbitrary<unknown> = route.body
    ? mutatedBody(route.body, ownValues)
    : route.multipart
      ? fc.constant(multipartFile('fuzz.md', '# fuzz\n'))
      : fc.constant(undefined);
  return fc.tuple(path, hostileQuery(route, ownValues), body).map(([segments, query, payload]) => {
    const url = urlOf(route, Object.fromEntries(route.pathParams.map((p, index) => [p.name, segments[index] ?? ''])));
    const search = new URLSearchParams(query).toString();
    const request: AttackRequest = { method: route.method, url: search === '' ? url : `${url}?${search}` };
    if (route.multipart) return { ...request, ...(payload as ReturnType<typeof multipartFile>) };
    return payload === undefined ? request : { ...request, body: payload };
  });
}

describe('fuzzed input', () => {
  it('fuzzes every documented route', () => expect(routes.length).toBeGreaterThan(90));

  for (const route of routes) {
    tally.case(`fuzz ${route.key}`, async () => {
      // A fresh session each time: the member may have signed themselves out on the route before.
      const caller = new Caller(t, tally, (await t.login({ userId: member.userId } as never)).client);
      let found: string[] = [];
      const property = fc.asyncProperty(requestArbitrary(route), async (request) => {
        const before = await rowCounts(t);
        const answer = await caller.send(route, request);
        const violations = formViolations(route, request, answer);
        const errCode = errCodeOf(answer);
        if (errCode !== null && errCode !== ErrCode.Success) {
          const changed = changedTables(before, await rowCounts(t));
          if (changed.length > 0)
            violations.push(
              `stored on refusal (${changed.join(', ')}): ${request.method} ${request.url.slice(0, 200)}`,
            );
        }
        found = violations;
        return violations.length === 0;
      });
      const result = await fc.check(property, { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true });
      return result.failed ? [...found, `seed ${FUZZ_SEED}, path ${result.counterexamplePath ?? ''}`] : [];
    });
  }
});
