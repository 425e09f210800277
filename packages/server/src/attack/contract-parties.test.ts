// The signing paths of nodes and consumers (issue 14) aimed at the owner's parties: another user's node
// as licensee, the owner's user id as consumer, the owner's own exhibit. Each refusal is errCode 3 (2
// where the thing must look absent), 30 for a visitor, and stores nothing; the attacker's own node and
// own user id sign, so the refusals are about whose party it is, not a broken path.
import { ErrCode } from '@tessera/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, errCodeOf, type TestClient } from '../testing';
import { createAppWithExhibits, SEED_FREE_POLICY, seedNode, StandInExhibits } from '../modules/contracts/testing';
import { createOnlineResource, Tally, changedTables, rowCounts, uploadAnalysed } from './testing';

const tally = new Tally('contract-parties', 'Another user and a visitor sign with the owner’s node or user id');
const exhibits = new StandInExhibits();
const t = await createAppWithExhibits(exhibits);
afterAll(() => t.close());

const { client: owner, user: ownerUser } = await t.login();
const { client: attacker, user: attackerUser } = await t.login();
const visitor = t.client();
const subject = await createOnlineResource(
  owner,
  `parties${process.pid}`,
  await uploadAnalysed(owner, 'p.md', '# p\n'),
);
const ownersNode = await seedNode(t, ownerUser);
const ownersFrozenNode = await seedNode(t, ownerUser, { frozen: true });
const attackersNode = await seedNode(t, attackerUser);
const exhibit = await exhibits.add(t, ownersNode, [{ policyName: 'free', text: SEED_FREE_POLICY }]);
const exhibitPolicyId = exhibit.policies[0]?.policyId ?? '';

const BATCH_SIGN = '/v2/contracts/batchSign';
const resourceSubjects = [{ subjectId: subject.resourceId, policyId: subject.policyId }];
const asNode = (nodeId: number | string) => ({
  subjects: resourceSubjects,
  subjectType: 1,
  licenseeId: nodeId,
  licenseeIdentityType: 2,
});
const asConsumer = (userId: number) => ({
  subjectId: exhibit.presentableId,
  subjectType: 2,
  policyId: exhibitPolicyId,
  licenseeId: String(userId),
  licenseeIdentityType: 3,
});
const asConsumerInBatch = (userId: number) => ({
  subjects: [{ subjectId: exhibit.presentableId, policyId: exhibitPolicyId }],
  subjectType: 2,
  licenseeId: userId,
  licenseeIdentityType: 3,
});

type Attack = { name: string; url: string; body: object; errCode: number };

const ATTACKS: Attack[] = [
  {
    name: 'the owner’s node as licensee',
    url: BATCH_SIGN,
    body: asNode(ownersNode.nodeId),
    errCode: ErrCode.Forbidden,
  },
  {
    name: 'the owner’s node as licensee, its id as text',
    url: BATCH_SIGN,
    body: asNode(String(ownersNode.nodeId)),
    errCode: ErrCode.Forbidden,
  },
  {
    name: 'the owner’s frozen node as licensee',
    url: BATCH_SIGN,
    body: asNode(ownersFrozenNode.nodeId),
    errCode: ErrCode.Forbidden,
  },
  { name: 'an unknown node as licensee', url: BATCH_SIGN, body: asNode(99_999_999), errCode: ErrCode.Business },
  {
    name: 'the owner’s user id as consumer',
    url: '/v2/contracts',
    body: asConsumer(ownerUser.userId),
    errCode: ErrCode.Forbidden,
  },
  {
    name: 'the owner’s user id as consumer in a batch',
    url: BATCH_SIGN,
    body: asConsumerInBatch(ownerUser.userId),
    errCode: ErrCode.Forbidden,
  },
];

async function attempt(client: TestClient, attack: Attack, expected: number): Promise<string[]> {
  const before = await rowCounts(t);
  const answer = await client.post(attack.url, attack.body);
  tally.record(`POST ${attack.url}`, answer);
  const violations: string[] = [];
  const errCode = errCodeOf(answer);
  if (errCode !== expected)
    violations.push(`errCode ${errCode} instead of ${expected}: ${JSON.stringify(answer.body)}`);
  const changed = changedTables(before, await rowCounts(t));
  if (changed.length > 0) violations.push(`stored (${changed.join(', ')})`);
  return violations;
}

describe('signing with another user’s party', () => {
  for (const attack of ATTACKS) {
    tally.case(`contract-parties ${attack.name} as another user`, () => attempt(attacker, attack, attack.errCode));
    tally.case(`contract-parties ${attack.name} as a visitor`, () => attempt(visitor, attack, ErrCode.NotLoggedIn));
  }

  tally.case('contract-parties the node owner signs his own exhibit', () =>
    attempt(
      owner,
      { name: 'own exhibit', url: '/v2/contracts', body: asConsumer(ownerUser.userId), errCode: ErrCode.Business },
      ErrCode.Business,
    ),
  );

  tally.case('contract-parties the exhibits module signs for another user’s node', async () => {
    const subjects = [{ resourceId: subject.resourceId, policyIds: [subject.policyId] }];
    const before = await rowCounts(t);
    const refused = t.services.contracts.signForNode(attackerUser.userId, ownersNode.nodeId, subjects);
    await expect(refused).rejects.toMatchObject({ errCode: ErrCode.Forbidden });
    const changed = changedTables(before, await rowCounts(t));
    return changed.length > 0 ? [`stored (${changed.join(', ')})`] : [];
  });

  it('lets the attacker sign with their own node and as themselves', async () => {
    const [nodeContract] = dataOf(
      await attacker.post<{ licenseeId: string }[]>(BATCH_SIGN, asNode(attackersNode.nodeId)),
    );
    expect(nodeContract?.licenseeId).toBe(String(attackersNode.nodeId));
    const consumerContract = dataOf(
      await attacker.post<{ licenseeId: string }>('/v2/contracts', asConsumer(attackerUser.userId)),
    );
    expect(consumerContract.licenseeId).toBe(String(attackerUser.userId));
  });
});
