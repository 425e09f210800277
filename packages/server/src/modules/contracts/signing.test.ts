// Signing contracts (DOMAIN §3.6 steps 1–3, §4.3; API.md §3.11): batchSign by a resource of the caller,
// idempotence, parallel signings, every refusal, and the versions module's prepareResourceSigning.
import type { ContractWire } from '@tessera/contract/contracts';
import type { ResourceWire } from '@tessera/contract/resources';
import { ErrCode, type ApiEnvelope } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, errCodeOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import {
  createResource,
  FREE_POLICY,
  onlineResource,
  PAID_POLICY,
  policy,
  RESOURCES,
  TRIAL_POLICY,
} from '../resources/testing';
import { aliceAndBob } from '../versions/testing';
import { ContractRepo } from './repo';
import { checkResourceSubjects, refuseOffline, resourceLicensee } from './resource-subjects';
import { signContract } from './signing-writer';

const BATCH_SIGN = '/v2/contracts/batchSign';
const UNKNOWN_ID = 'ffffffffffffffffffffffff';
/** A TimeEvent already past when signing: due at once (the scheduler fires it). */
const PAST_TIME_POLICY =
  'for public\n\ninitial:\n  ~freelog.TimeEvent("2020-01-01 00:00") => done\n\ndone[active]:\n  terminate';

const msgOf = (response: ApiResponse<unknown>): string => (response.body as ApiEnvelope<unknown>).msg;
const policyIdOf = (resource: ResourceWire, index = 0): string => resource.policies[index]?.policyId ?? '';

describe('signing contracts', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: number;
  let bobId: number;
  /** Alice's online resource with a free policy: the usual subject. */
  let subject: ResourceWire;
  /** Bob's resource (unreleased): the usual licensee. */
  let licensee: ResourceWire;

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-03-01T00:00:00.000Z' });
    ({ alice, aliceId, bob, bobId } = await aliceAndBob(t));
    subject = await onlineResource(t, alice);
    licensee = await createResource(bob);
  });
  afterAll(() => t.close());

  function batchSign(
    client: TestClient,
    subjects: { subjectId: string; policyId: string }[],
    overrides: Record<string, unknown> = {},
  ): Promise<ApiResponse<ContractWire[]>> {
    const body = { subjects, subjectType: 1, licenseeId: licensee.resourceId, licenseeIdentityType: 1, ...overrides };
    return client.post<ContractWire[]>(BATCH_SIGN, body, { locale: 'en_US' });
  }

  const signOne = (resource: ResourceWire, overrides: Record<string, unknown> = {}, client = bob) =>
    batchSign(client, [{ subjectId: resource.resourceId, policyId: policyIdOf(resource) }], overrides);

  const contractRows = (subjectId: string) =>
    t.db.selectFrom('contracts').selectAll().where('subjectId', '=', subjectId).execute();

  /** A refusal signs nothing: the errCode, the message in English, no contract on the subject. */
  async function expectRefused(response: ApiResponse<unknown>, errCode: number, message: RegExp, subjectId: string) {
    expect(errCodeOf(response)).toBe(errCode);
    expect(msgOf(response)).toMatch(message);
    expect(await contractRows(subjectId)).toHaveLength(0);
  }

  it('signs a free policy: names, parties, init from _none_, authorised at once', async () => {
    const [contract] = dataOf(await signOne(subject));
    const aliceAccount = await t.services.walletAccounts.accountOfUser(aliceId);
    expect(contract).toMatchObject({
      contractName: '免费',
      subjectId: subject.resourceId,
      subjectName: subject.resourceName,
      subjectType: 1,
      licensorId: subject.resourceId,
      licensorName: subject.resourceName,
      licensorOwnerId: aliceId,
      licensorOwnerName: subject.username,
      licenseeId: licensee.resourceId,
      licenseeName: licensee.resourceName,
      licenseeOwnerId: bobId,
      licenseeOwnerName: licensee.username,
      licenseeIdentityType: 1,
      policyId: policyIdOf(subject),
      isDefault: 0,
      status: 0,
      authStatus: 1,
      isAuth: true,
      isTestAuth: false,
      fsmCurrentState: 'initial',
      fsmCurrentStateColors: ['active'],
      fsmStateEnterDate: '2025-03-01T00:00:00.000Z',
      fsmDeclarations: {
        envArgs: [{ name: 'self.account', accountId: aliceAccount.accountId, ownerName: subject.username }],
      },
      fsmRunningStatus: 8,
    });
    const records = await t.db
      .selectFrom('contract_transition_records')
      .selectAll()
      .where('contractId', '=', contract?.contractId ?? '')
      .execute();
    expect(records).toMatchObject([{ seq: 0, fromState: '_none_', toState: 'initial', eventId: 'init' }]);
    expect(JSON.parse(records[0]?.eventInfo ?? '')).toEqual({ code: 'init', name: 'init', args: {} });
  });

  it('signs a paid policy unauthorised, and schedules the initial state’s time events', async () => {
    const paid = await onlineResource(t, alice, { policies: [policy('付费', PAID_POLICY)] });
    expect(dataOf(await signOne(paid))[0]).toMatchObject({ authStatus: 128, isAuth: false, status: 0 });

    const trial = await onlineResource(t, alice, { policies: [policy('试用', TRIAL_POLICY)] });
    const [contract] = dataOf(await signOne(trial));
    expect(contract).toMatchObject({ authStatus: 1, fsmRunningStatus: 4 });
    const events = await t.db
      .selectFrom('contract_scheduled_events')
      .selectAll()
      .where('contractId', '=', contract?.contractId ?? '')
      .execute();
    expect(events).toMatchObject([{ status: 1, code: 'A103', dueDate: '2025-03-08T00:00:00.000Z' }]);
  });

  it('schedules a TimeEvent already past as due at the signing time', async () => {
    const past = await onlineResource(t, alice, { policies: [policy('过期', PAST_TIME_POLICY)] });
    const [contract] = dataOf(await signOne(past));
    const events = await t.db
      .selectFrom('contract_scheduled_events')
      .selectAll()
      .where('contractId', '=', contract?.contractId ?? '')
      .execute();
    expect(events).toMatchObject([{ status: 1, code: 'A102', dueDate: t.clock.now().toISOString() }]);
  });

  it('answers in the subjects’ order, and signing again answers the same contracts unchanged', async () => {
    const first = await onlineResource(t, alice);
    const second = await onlineResource(t, alice);
    const subjects = [
      { subjectId: second.resourceId, policyId: policyIdOf(second) },
      { subjectId: first.resourceId, policyId: policyIdOf(first) },
    ];
    const signed = dataOf(await batchSign(bob, subjects));
    expect(signed.map((contract) => contract.subjectId)).toEqual([second.resourceId, first.resourceId]);
    t.clock.advance({ minutes: 5 });
    const again = dataOf(await batchSign(bob, subjects));
    expect(again).toEqual(signed);
    expect(await contractRows(first.resourceId)).toHaveLength(1);
  });

  it('gives parallel signings one contract', async () => {
    const fresh = await onlineResource(t, alice);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signOne(fresh)));
    const ids = new Set(answers.map((answer) => dataOf(answer)[0]?.contractId));
    expect(ids.size).toBe(1);
    expect(await contractRows(fresh.resourceId)).toHaveLength(1);
  });

  it('answers the winner when the slot is taken between the look-up and the insert, and the transaction goes on', async () => {
    const fresh = await onlineResource(t, alice);
    const [won] = dataOf(await signOne(fresh));
    const owner = await t.services.identity.resolveUser(String(bobId));
    const [signing] = await checkResourceSubjects(
      { resources: t.services.resourceQueries, policies: t.services.policies },
      bobId,
      [{ subjectId: fresh.resourceId, policyId: policyIdOf(fresh) }],
      resourceLicensee(owner, { licenseeId: licensee.resourceId, licenseeName: licensee.resourceName }),
      refuseOffline,
    );
    if (!signing) throw new Error('no terms');
    /** Misses the live contract once, as a signing that looked before the winner committed. */
    class LateRepo extends ContractRepo {
      #missed = false;
      override findLive(key: Parameters<ContractRepo['findLive']>[0]) {
        if (this.#missed) return super.findLive(key);
        this.#missed = true;
        return Promise.resolve(undefined);
      }
    }
    await t.db.transaction().execute(async (trx) => {
      const repo = new LateRepo(trx);
      expect((await signContract(repo, signing, t.clock.now(), 0)).contractId).toBe(won?.contractId);
      // PostgreSQL refuses every statement of a transaction after a failed one, unless rolled back to a savepoint.
      expect(await repo.nextRecordSeq(won?.contractId ?? '')).toBe(1);
    });
    expect(await contractRows(fresh.resourceId)).toHaveLength(1);
  });

  it('signs again once the contract has ended: termination frees the slot', async () => {
    const fresh = await onlineResource(t, alice);
    const [ended] = dataOf(await signOne(fresh));
    await t.services.contracts.repo.updateContract(ended?.contractId ?? '', { status: 1 });
    const [renewed] = dataOf(await signOne(fresh));
    expect(renewed?.contractId).not.toBe(ended?.contractId);
    expect(renewed?.status).toBe(0);
    expect(await contractRows(fresh.resourceId)).toHaveLength(2);
  });

  describe('refusals', () => {
    it('refuses an unknown subject, and another user’s unreleased resource alike', async () => {
      const response = await batchSign(bob, [{ subjectId: UNKNOWN_ID, policyId: policyIdOf(subject) }]);
      await expectRefused(response, ErrCode.Business, /does not exist/, UNKNOWN_ID);
      const unreleased = await createResource(alice, { policies: [policy('免费', FREE_POLICY)] });
      await expectRefused(await signOne(unreleased), ErrCode.Business, /does not exist/, unreleased.resourceId);
    });

    it('refuses an offline subject and a frozen one', async () => {
      const offline = await onlineResource(t, alice);
      dataOf(await alice.put(`${RESOURCES}/${offline.resourceId}`, { status: 4 }));
      await expectRefused(await signOne(offline), ErrCode.Business, /is not online/, offline.resourceId);
      const frozen = await onlineResource(t, alice);
      await t.services.resources.freeze(frozen.resourceId, { reason: 'test' });
      await expectRefused(await signOne(frozen), ErrCode.Business, /is frozen/, frozen.resourceId);
    });

    it('refuses a disabled policy and a policy the subject does not bind', async () => {
      const twoPolicies = await onlineResource(t, alice, {
        policies: [policy('免费', FREE_POLICY), policy('付费', PAID_POLICY, 0)],
      });
      const disabled = { subjectId: twoPolicies.resourceId, policyId: policyIdOf(twoPolicies, 1) };
      await expectRefused(await batchSign(bob, [disabled]), ErrCode.Business, /is disabled/, twoPolicies.resourceId);
      const trial = await onlineResource(t, alice, { policies: [policy('试用', TRIAL_POLICY)] });
      const unbound = { subjectId: twoPolicies.resourceId, policyId: policyIdOf(trial) };
      await expectRefused(
        await batchSign(bob, [unbound]),
        ErrCode.Business,
        /is not a policy of/,
        twoPolicies.resourceId,
      );
    });

    it('signs only licensees the audiences admit: a user id, an e-mail, never `nodes` for a resource', async () => {
      const forAlice = await onlineResource(t, alice, {
        policies: [policy('专用', `for ${aliceId}\n\ninitial[active]:\n  terminate`)],
      });
      await expectRefused(await signOne(forAlice), ErrCode.Business, /is not offered to you/, forAlice.resourceId);
      const forNodes = await onlineResource(t, alice, {
        policies: [policy('节点', 'for nodes\n\ninitial[active]:\n  terminate')],
      });
      await expectRefused(await signOne(forNodes), ErrCode.Business, /is not offered to you/, forNodes.resourceId);

      const forBob = await onlineResource(t, alice, {
        policies: [policy('专用', `for ${bobId}\n\ninitial[active]:\n  terminate`)],
      });
      expect(dataOf(await signOne(forBob))).toHaveLength(1);
      const email = `carol${process.pid}@example.com`;
      const byEmail = await onlineResource(t, alice, {
        policies: [policy('邮箱', `for ${email.toUpperCase()}, nodes\n\ninitial[active]:\n  terminate`)],
      });
      await expectRefused(await signOne(byEmail), ErrCode.Business, /is not offered to you/, byEmail.resourceId);
      const { client: carol } = await t.login({ username: `carol${process.pid}`, email });
      const carolsResource = await createResource(carol);
      expect(dataOf(await signOne(byEmail, { licenseeId: carolsResource.resourceId }, carol))).toHaveLength(1);
    });

    it('refuses a licensee that is another user’s (3; 2 while unreleased), unknown, frozen or the subject itself (2)', async () => {
      const fresh = await onlineResource(t, alice);
      await expectRefused(
        await signOne(fresh, { licenseeId: subject.resourceId }),
        ErrCode.Forbidden,
        /is not yours/,
        fresh.resourceId,
      );
      await expectRefused(
        await signOne(fresh, { licenseeId: (await createResource(alice)).resourceId }),
        ErrCode.Business,
        /does not exist/,
        fresh.resourceId,
      );
      await expectRefused(
        await signOne(fresh, { licenseeId: UNKNOWN_ID }),
        ErrCode.Business,
        /does not exist/,
        fresh.resourceId,
      );
      await expectRefused(
        await signOne(fresh, { licenseeId: 12345 }),
        ErrCode.Business,
        /does not exist/,
        fresh.resourceId,
      );
      const frozenLicensee = await createResource(bob);
      await t.services.resources.freeze(frozenLicensee.resourceId, { reason: 'test' });
      await expectRefused(
        await signOne(fresh, { licenseeId: frozenLicensee.resourceId }),
        ErrCode.Business,
        /is frozen/,
        fresh.resourceId,
      );
      await expectRefused(
        await signOne(fresh, { licenseeId: fresh.resourceId }, alice),
        ErrCode.Business,
        /with itself/,
        fresh.resourceId,
      );
    });

    it('answers an unknown exhibit as not found, in both languages', async () => {
      const fresh = await onlineResource(t, alice);
      const consumer = {
        subjectId: UNKNOWN_ID,
        subjectType: 2,
        policyId: policyIdOf(fresh),
        licenseeId: String(bobId),
        licenseeIdentityType: 3,
      };
      const en = await bob.post('/v2/contracts', consumer, { locale: 'en_US' });
      expect(errCodeOf(en)).toBe(ErrCode.Business);
      expect(msgOf(en)).toBe(`The exhibit ${UNKNOWN_ID} does not exist`);
      const zh = await bob.post('/v2/contracts', consumer, { locale: 'zh_CN' });
      expect(msgOf(zh)).toBe(`展品 ${UNKNOWN_ID} 不存在`);
      const batch = { subjects: [{ subjectId: UNKNOWN_ID, policyId: policyIdOf(fresh) }], subjectType: 2 };
      expect(
        errCodeOf(await batchSign(bob, batch.subjects, { ...batch, licenseeId: bobId, licenseeIdentityType: 3 })),
      ).toBe(ErrCode.Business);
      expect(errCodeOf(await bob.post('/v2/contracts', { ...consumer, subjectType: 1 }))).toBe(ErrCode.BadParams);
      expect(await contractRows(UNKNOWN_ID)).toHaveLength(0);
    });

    it('needs a login', async () => {
      const response = await t.client().post(BATCH_SIGN, {
        subjects: [{ subjectId: subject.resourceId, policyId: policyIdOf(subject) }],
        subjectType: 1,
        licenseeId: licensee.resourceId,
        licenseeIdentityType: 1,
      });
      expect(errCodeOf(response)).toBe(ErrCode.NotLoggedIn);
    });
  });

  describe('prepareResourceSigning (the versions module’s contracts)', () => {
    /** A licensee resource the versions module is about to insert (createBatch): it need not exist yet. */
    const newLicensee = () => ({ resourceId: 'aaaaaaaaaaaaaaaaaaaaaaaa', resourceName: `${licensee.username}/new` });

    it('checks at once, then signs in the caller’s transaction per subject in policyIds order, reusing live contracts', async () => {
      const two = await onlineResource(t, alice, {
        policies: [policy('免费', FREE_POLICY), policy('试用', TRIAL_POLICY)],
      });
      const other = await onlineResource(t, alice);
      const [live] = dataOf(await signOne(other));
      const write = await t.services.contracts.prepareResourceSigning(
        bobId,
        { resourceId: licensee.resourceId, resourceName: licensee.resourceName },
        [
          { resourceId: two.resourceId, policyIds: [policyIdOf(two, 1), policyIdOf(two, 0)] },
          { resourceId: other.resourceId, policyIds: [policyIdOf(other)] },
        ],
      );
      expect(await contractRows(two.resourceId)).toHaveLength(0);
      const signed = await t.db.transaction().execute((trx) => write(trx));
      const rows = await contractRows(two.resourceId);
      const idOf = (policyId: string) => rows.find((row) => row.policyId === policyId)?.contractId;
      expect(signed.get(two.resourceId)).toEqual([
        { policyId: policyIdOf(two, 1), contractId: idOf(policyIdOf(two, 1)) },
        { policyId: policyIdOf(two, 0), contractId: idOf(policyIdOf(two, 0)) },
      ]);
      expect(signed.get(other.resourceId)).toEqual([{ policyId: policyIdOf(other), contractId: live?.contractId }]);
      expect(rows.map((row) => [row.fsmCurrentState, row.licenseeOwnerName])).toEqual([
        ['initial', licensee.username],
        ['initial', licensee.username],
      ]);
    });

    it('writes nothing when the caller’s transaction rolls back', async () => {
      const fresh = await onlineResource(t, alice);
      const write = await t.services.contracts.prepareResourceSigning(bobId, newLicensee(), [
        { resourceId: fresh.resourceId, policyIds: [policyIdOf(fresh)] },
      ]);
      const failing = t.db.transaction().execute(async (trx) => {
        await write(trx);
        throw new Error('the version was refused');
      });
      await expect(failing).rejects.toThrow('the version was refused');
      expect(await contractRows(fresh.resourceId)).toHaveLength(0);
    });

    it('takes an offline subject only where the licensee holds a live contract for the policy', async () => {
      const fresh = await onlineResource(t, alice, {
        policies: [policy('免费', FREE_POLICY), policy('试用', TRIAL_POLICY)],
      });
      const [live] = dataOf(await signOne(fresh));
      dataOf(await alice.put(`${RESOURCES}/${fresh.resourceId}`, { status: 4 }));
      const party = { resourceId: licensee.resourceId, resourceName: licensee.resourceName };
      const write = await t.services.contracts.prepareResourceSigning(bobId, party, [
        { resourceId: fresh.resourceId, policyIds: [policyIdOf(fresh)] },
      ]);
      const signed = await t.db.transaction().execute((trx) => write(trx));
      expect(signed.get(fresh.resourceId)).toEqual([{ policyId: policyIdOf(fresh), contractId: live?.contractId }]);
      const refused = t.services.contracts.prepareResourceSigning(bobId, party, [
        { resourceId: fresh.resourceId, policyIds: [policyIdOf(fresh, 1)] },
      ]);
      await expect(refused).rejects.toMatchObject({
        errCode: ErrCode.Business,
        messageKey: 'contracts.sign.subjectOffline',
      });
    });

    it('refuses a policy whose audiences do not admit the licensee’s owner', async () => {
      const forAlice = await onlineResource(t, alice, {
        policies: [policy('专用', `for ${aliceId}\n\ninitial[active]:\n  terminate`)],
      });
      const refused = t.services.contracts.prepareResourceSigning(bobId, newLicensee(), [
        { resourceId: forAlice.resourceId, policyIds: [policyIdOf(forAlice)] },
      ]);
      await expect(refused).rejects.toMatchObject({
        errCode: ErrCode.Business,
        messageKey: 'contracts.sign.audienceMismatch',
        data: { subjectId: forAlice.resourceId, policyId: policyIdOf(forAlice) },
      });
    });
  });
});
