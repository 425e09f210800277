// Test helpers of the auths module (not a test file itself): resource → resource contracts in a chosen
// standing, and a version's stored contracts on a resource it resolves set to them.
import { md5Hex } from '@tessera/domain';
import type { ResourceWire } from '@tessera/contract/resources';
import type { TestApp } from '../../testing';
import { seedContract, SEED_ENDED_POLICY, SEED_PAID_POLICY } from '../contracts/testing';

/** authorised: in force, formal; unpaid: in force, waiting for a payment; ended: terminated; exception: status 2. */
export type Standing = 'authorised' | 'unpaid' | 'ended' | 'exception';

// Texts of their own, so no seeded contract takes the slot of one the versions signed for real
// (one live contract per subject, licensee and policy).
const POLICY_OF: Record<Standing, string> = {
  authorised: 'for public\n\ninitial[active,testActive]:\n  terminate',
  unpaid: SEED_PAID_POLICY,
  ended: SEED_ENDED_POLICY,
  exception:
    'for public\n\ninitial[active]:\n  ~freelog.RelativeTimeEvent("100","year") => ended\n\nended:\n  terminate',
};

const partyOf = (resource: ResourceWire) => ({
  id: resource.resourceId,
  name: resource.resourceName,
  ownerId: resource.userId,
  ownerName: resource.username,
});

export type ContractRef = { policyId: string; contractId: string };

/** A contract `licensee` holds on `subject` in the standing asked. */
export async function contractOn(
  t: TestApp,
  subject: ResourceWire,
  licensee: ResourceWire,
  standing: Standing,
): Promise<ContractRef> {
  const row = await seedContract(t, {
    licensor: partyOf(subject),
    licensee: partyOf(licensee),
    policyText: POLICY_OF[standing],
    contractName: standing,
    ...(standing === 'exception' ? { changes: { status: 2 } } : {}),
  });
  return { policyId: row.policyId, contractId: row.contractId };
}

/** The version's stored contracts on `subject` replaced by these (it must already resolve `subject`). */
export async function useContracts(
  t: TestApp,
  licensee: ResourceWire,
  version: string,
  subject: ResourceWire,
  contracts: readonly ContractRef[],
): Promise<void> {
  const versionId = md5Hex(`${licensee.resourceId}-${version}`);
  const row = await t.db
    .selectFrom('resource_versions')
    .select('resolveResources')
    .where('versionId', '=', versionId)
    .executeTakeFirstOrThrow();
  const resolved = JSON.parse(row.resolveResources) as { resourceId: string; contracts?: ContractRef[] }[];
  const entry = resolved.find((candidate) => candidate.resourceId === subject.resourceId);
  if (!entry) throw new Error(`${licensee.resourceName}@${version} does not resolve ${subject.resourceName}`);
  entry.contracts = [...contracts];
  await t.db
    .updateTable('resource_versions')
    .set({ resolveResources: JSON.stringify(resolved) })
    .where('versionId', '=', versionId)
    .execute();
}
