// What the contract reads are measured on, made through the running server's API as users make it:
// bob's resources each with a free policy, released and online; alice's resource signing all of them
// (POST /v2/contracts/batchSign), so alice holds `contracts` contracts as licensee; and a dependency
// chain of `chainLength` resources (each version 1.0.0 depends on the next and signs its free policy).
// Only the version files are written straight into the database (analysed rows, no bytes), as the
// tests' fakeFile does.
import type { ResourceWire } from '@tessera/contract/resources';
import type { Db } from '../packages/server/src/platform/db/database';
import { ManualClock } from '../packages/server/src/platform/clock';
import { fakeFile } from '../packages/server/src/modules/storage/testing';
import type { TestApp } from '../packages/server/src/testing';
import type { Target } from './measure';
import { callerOf, type Caller } from './session';

export const FREE_POLICY = 'for public\n\ninitial[active]:\n  terminate';
const SIGN_PER_CALL = 100;
/** What the web's contract list sends (ContractsPage: 20 a page, newest first). */
const LIST_PAGE = 'skip=0&limit=20&order=desc';

/** An analysed file row the user uploaded (fakeFile needs only a database and a clock). */
function fileOf(db: Db, userId: number): Promise<string> {
  const arranged = { db, clock: new ManualClock() } as unknown as TestApp;
  return fakeFile(arranged, userId, { mime: 'image/png' });
}

/**
 * An image resource with a free policy and a version 1.0.0 of the owner's file `fileSha1` (`version`
 * adds dependencies or another file name), put online.
 */
export async function onlineResource(
  owner: Caller,
  name: string,
  fileSha1: string,
  version: Record<string, unknown> = {},
): Promise<ResourceWire> {
  const created = await owner.call<ResourceWire>('POST', '/v2/resources', {
    name,
    resourceTypeCode: 'image',
    policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_POLICY) }],
  });
  await owner.call('POST', `/v2/resources/${created.resourceId}/versions`, {
    version: '1.0.0',
    fileSha1,
    filename: 'a.png',
    ...version,
  });
  return owner.call<ResourceWire>('PUT', `/v2/resources/${created.resourceId}`, { status: 1 });
}

export const policyIdOf = (resource: ResourceWire): string => resource.policies[0]?.policyId ?? '';

export type ContractReadsData = { reader: string; chainRoot: string; contracts: number; chainLength: number };

export async function seedContractReads(
  origin: string,
  db: Db,
  { contracts, chainLength }: { contracts: number; chainLength: number },
): Promise<ContractReadsData> {
  const [alice, bob] = await Promise.all([callerOf(origin, 'alice'), callerOf(origin, 'bob')]);
  const subjects: ResourceWire[] = [];
  for (let index = 0; index < contracts; index += 1)
    subjects.push(await onlineResource(bob, `bench-subject-${index}`, await fileOf(db, bob.userId)));
  const licensee = await onlineResource(alice, 'bench-licensee', await fileOf(db, alice.userId));
  for (let start = 0; start < subjects.length; start += SIGN_PER_CALL) {
    await alice.call('POST', '/v2/contracts/batchSign', {
      subjects: subjects
        .slice(start, start + SIGN_PER_CALL)
        .map((subject) => ({ subjectId: subject.resourceId, policyId: policyIdOf(subject) })),
      subjectType: 1,
      licenseeId: licensee.resourceId,
      licenseeIdentityType: 1,
    });
  }
  // The chain's end first: each link depends on the one made before it; owners alternate.
  let next = await onlineResource(bob, 'bench-chain-0', await fileOf(db, bob.userId));
  for (let link = 1; link < chainLength; link += 1) {
    const owner = link % 2 === 0 ? bob : alice;
    next = await onlineResource(owner, `bench-chain-${link}`, await fileOf(db, owner.userId), {
      dependencies: [{ resourceId: next.resourceId, versionRange: '^1.0.0' }],
      resolveResources: [{ resourceId: next.resourceId, contracts: [{ policyId: policyIdOf(next) }] }],
    });
  }
  return { reader: alice.cookie, chainRoot: next.resourceId, contracts, chainLength };
}

export function contractReadTargets(origin: string, data: ContractReadsData): Target[] {
  const headers = { cookie: data.reader };
  return [
    {
      name: 'GET /v2/contracts?identityType=2 (the first page of 20, as the web asks)',
      url: `${origin}/v2/contracts?identityType=2&${LIST_PAGE}`,
      headers,
    },
    {
      name: 'GET /v2/contracts?identityType=2&keywords=subject-1 (the same, filtered by words)',
      url: `${origin}/v2/contracts?identityType=2&${LIST_PAGE}&keywords=subject-1`,
      headers,
    },
    {
      name: `GET /v2/resources/{id}/authTree (a chain of ${data.chainLength} resources)`,
      url: `${origin}/v2/resources/${data.chainRoot}/authTree`,
      headers,
    },
  ];
}
