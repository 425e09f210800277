// Every route that takes an id of something, aimed by another signed-in user and by a visitor at
// the owner's things: never a read of private content, never a write, and a private thing answers
// exactly as one that does not exist. The routes come from the OpenAPI document.
import { ErrCode } from '@tessera/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';
import {
  aimedRequest,
  aims,
  arrangeAttacker,
  arrangeOwner,
  Caller,
  changedTables,
  documentedRoutes,
  errCodeOf,
  formViolations,
  idNames,
  leaks,
  normalised,
  ownerTargets,
  ownerView,
  rowCounts,
  Tally,
  unknownIdNames,
  unknownTwin,
  type Route,
  type Target,
} from './testing';

const tally = new Tally('cross-user', 'Another user and a visitor aim at the owner’s ids');
const t = await createTestApp();
afterAll(() => t.close());
const owner = await arrangeOwner(t);
const attackerClient = (await t.login()).client;
const targets = ownerTargets(owner, await arrangeAttacker(attackerClient));
const attacker = new Caller(t, tally, attackerClient);
const visitor = new Caller(t, tally);
const routes = documentedRoutes(t.app);
const idRoutes = routes.filter((route) => targets.some((target) => aims(route, target)));

/** Successful writes that are the caller's own business even though they name the owner's public thing. */
const OWN_WRITES: { route: string; target: string; why: string }[] = [
  { route: 'POST /v2/collections/resources', target: 'online resource', why: 'a favourite of a public resource' },
  { route: 'DELETE /v2/collections/resources/{resourceId}', target: 'online resource', why: 'the caller’s favourite' },
  {
    route: 'POST /v2/contracts/batchSign',
    target: 'online resource’s policy for the attacker’s resource',
    why: 'the caller’s resource signs a public policy of an online resource: the caller’s contract',
  },
  {
    route: 'POST /v2/storages/buckets/.UserNodeData/objects',
    target: 'node',
    why: 'the caller’s own data for a node’s site (per-visitor node data, kept in the caller’s system bucket)',
  },
  {
    route: 'GET /v2/nodeSites/sso/authorize',
    target: 'node',
    why: 'a one-minute sign-on code for the caller’s own session on the node’s public site',
  },
];

/** Refusals other than errCode 2 and 3 (30 for a visitor) that an aimed request may get, and why. */
const OTHER_REFUSALS: { route: RegExp; target: RegExp; errCode: number; why: string }[] = [
  {
    route: /^POST \/v2\/contracts$/,
    target: /^node as licensee$/,
    errCode: ErrCode.BadParams,
    why: 'the single signing is the consumer’s only (identity 3): identity 2 is a bad parameter before any look-up',
  },
];

function refusalAllowed(route: Route, target: Target, errCode: number, signedIn: boolean): boolean {
  if (errCode === ErrCode.Business || errCode === ErrCode.Forbidden) return true;
  if (errCode === ErrCode.NotLoggedIn && !signedIn) return true;
  return OTHER_REFUSALS.some(
    (other) => other.errCode === errCode && other.route.test(route.key) && other.target.test(target.name),
  );
}

async function attack(route: Route, caller: Caller, signedIn: boolean): Promise<string[]> {
  const violations: string[] = [];
  const viewBefore = await ownerView(owner);
  for (const target of targets.filter((candidate) => aims(route, candidate))) {
    const request = aimedRequest(route, target);
    const countsBefore = await rowCounts(t);
    const answer = await caller.send(route, request);
    const at = `${target.name}: ${request.method} ${request.url}`;
    violations.push(...formViolations(route, request, answer));
    if (leaks(answer)) violations.push(`private content in the answer to ${at}`);
    const errCode = errCodeOf(answer);
    const changed = changedTables(countsBefore, await rowCounts(t));
    if (errCode !== null && errCode !== ErrCode.Success) {
      if (!refusalAllowed(route, target, errCode, signedIn))
        violations.push(`errCode ${errCode} ${JSON.stringify(answer.body).slice(0, 300)}: ${at}`);
      if (changed.length > 0) violations.push(`stored on refusal (${changed.join(', ')}): ${at}`);
    } else if (changed.length > 0 && !OWN_WRITES.some((own) => own.route === route.key && own.target === target.name)) {
      violations.push(`stored (${changed.join(', ')}): ${at}`);
    }
    if (target.private) {
      const twin = unknownTwin(target);
      const twinAnswer = await caller.send(route, aimedRequest(route, twin));
      const mine = normalised(answer, target);
      const unknown = normalised(twinAnswer, twin);
      if (mine !== unknown) violations.push(`tells the owner’s ${at} from an unknown one: ${mine} ≠ ${unknown}`);
    }
  }
  expect.soft(await ownerView(owner), `${route.key}: the owner’s data`).toEqual(viewBefore);
  return violations;
}

describe('cross-user access', () => {
  it('aims at every route that takes an id, and knows every id-like name', () => {
    expect(idRoutes.length).toBeGreaterThan(40);
    const known = idNames(targets);
    expect(routes.flatMap((route) => unknownIdNames(route, known).map((name) => `${route.key}: ${name}`))).toEqual([]);
  });

  for (const route of idRoutes) {
    tally.case(`cross-user ${route.key} as another user`, () => attack(route, attacker, true));
    tally.case(`cross-user ${route.key} as a visitor`, () => attack(route, visitor, false));
  }
});
