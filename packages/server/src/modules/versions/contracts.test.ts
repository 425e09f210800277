// The contracts a version holds on what it resolves (DOMAIN §3.2 steps 6–7, "After release", §5.1):
// signed with the version, switched later by PUT …/versions/{version} and batchSetContracts, read
// by coverageVersions and resolveResources.
import { ErrCode } from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, type ApiResponse, type TestClient } from '../../testing';
import type { BatchItemResultWire, ResourceWire } from '@tessera/contract/resources';
import type { CoverageVersionsWire, ResolveResourceWire, VersionWire } from '@tessera/contract/versions';
import {
  badFieldsOf,
  createResource,
  errCodeOf,
  FREE_POLICY,
  PAID_POLICY,
  policy,
  resourceRow,
  TRIAL_POLICY,
  uniqueName,
} from '../resources/testing';
import { aliceAndBobApp, msgOf, analysedFile, onlineResource, postVersion, RESOURCES, versionsOf } from './testing';

/** An enabled binding of no resource but lib, where it is disabled. */
const DISABLED_POLICY =
  'for public\n\ninitial[active]:\n  ~freelog.RelativeTimeEvent("30","day") => ended\n\nended:\n  terminate';

const resolvedPolicies = (stored: string): string[] =>
  (JSON.parse(stored) as { policyIds: string[] }[]).flatMap((entry) => entry.policyIds);
const anyId = expect.any(String) as string;
const policyIdNamed = (resource: ResourceWire, name: string): string =>
  resource.policies.find((binding) => binding.policyName === name)?.policyId ?? '';

describe('contracts of versions', () => {
  const app = aliceAndBobApp();
  /** Bob's online resource with a free, a paid and a trial policy, all enabled. */
  let lib: ResourceWire;
  let free: string;
  let paid: string;
  let trial: string;
  let disabled: string;

  beforeAll(async () => {
    lib = await onlineResource(app.t, app.bob, {
      policies: [
        policy('免费', FREE_POLICY),
        policy('付费', PAID_POLICY),
        policy('试用', TRIAL_POLICY),
        policy('停用', DISABLED_POLICY, 0),
      ],
    });
    [free, paid, trial, disabled] = ['免费', '付费', '试用', '停用'].map((name) => policyIdNamed(lib, name)) as [
      string,
      string,
      string,
      string,
    ];
  });

  const contractRow = (contractId: string) =>
    app.t.db.selectFrom('contracts').selectAll().where('contractId', '=', contractId).executeTakeFirstOrThrow();
  const contractsOfLicensee = (licenseeId: string) =>
    app.t.db.selectFrom('contracts').selectAll().where('licenseeId', '=', licenseeId).execute();
  const versionRows = (resourceId: string) =>
    app.t.db
      .selectFrom('resource_versions')
      .selectAll()
      .where('resourceId', '=', resourceId)
      .orderBy('version')
      .execute();
  const libDependency = () => ({ resourceId: lib.resourceId, versionRange: '^1.0.0' });

  /** Alice's resource whose versions (1.0.0, then each of `more`) resolve lib under the free policy. */
  async function dependent(more: string[] = []): Promise<{ resource: ResourceWire; versions: VersionWire[] }> {
    const resource = await createResource(app.alice, { policies: [policy('免费', FREE_POLICY)] });
    const versions: VersionWire[] = [];
    for (const version of ['1.0.0', ...more]) {
      versions.push(
        dataOf(
          await postVersion(app.alice, resource.resourceId, {
            version,
            fileSha1: await analysedFile(app.t, app.aliceId),
            filename: 'a.png',
            dependencies: [libDependency()],
            resolveResources: [{ resourceId: lib.resourceId, contracts: [{ policyId: free }] }],
          }),
        ),
      );
    }
    return { resource, versions };
  }

  const putVersion = (resourceId: string, version: string, body: Record<string, unknown>) =>
    app.alice.put<VersionWire>(`${versionsOf(resourceId)}/${version}`, body, { locale: 'en_US' });
  const batchSet = (client: TestClient, resourceId: string, subjects: unknown[]) =>
    client.put<VersionWire[]>(`${versionsOf(resourceId)}/batchSetContracts`, { subjects }, { locale: 'en_US' });
  const contractsOf = (version: VersionWire | undefined) =>
    version?.resolveResources.flatMap((entry) => entry.contracts) ?? [];

  it('a version signs its chosen policies (licensee the resource, identity 1); the next one reuses the live contract', async () => {
    const { resource, versions } = await dependent();
    const [first] = versions;
    expect(first?.resolveResources).toEqual([
      {
        resourceId: lib.resourceId,
        resourceName: lib.resourceName,
        contracts: [{ policyId: free, contractId: anyId }],
      },
    ]);
    const contractId = contractsOf(first)[0]?.contractId ?? '';
    expect(await contractRow(contractId)).toMatchObject({
      subjectId: lib.resourceId,
      subjectType: 1,
      licensorId: lib.resourceId,
      licensorOwnerId: app.bobId,
      licenseeId: resource.resourceId,
      licenseeName: resource.resourceName,
      licenseeOwnerId: app.aliceId,
      licenseeIdentityType: 1,
      policyId: free,
      status: 0,
      authStatus: 1,
      fsmCurrentState: 'initial',
    });
    // The newer clients' form, and a paid policy beside the free one: the free contract is reused.
    const second = dataOf(
      await postVersion(app.alice, resource.resourceId, {
        version: '1.1.0',
        fileSha1: await analysedFile(app.t, app.aliceId),
        filename: 'a.png',
        dependencies: [libDependency()],
        batchSignContracts: [{ resourceId: lib.resourceId, policyIds: [paid, free] }],
      }),
    );
    const [paidContract, freeContract] = contractsOf(second);
    expect(freeContract).toEqual({ policyId: free, contractId });
    expect(paidContract).toEqual({ policyId: paid, contractId: anyId });
    expect((await contractRow(paidContract?.contractId ?? '')).authStatus).toBe(128);
    expect(await contractsOfLicensee(resource.resourceId)).toHaveLength(2);
    // Read back as stored: the version, the dependency tree, resolveResources.
    const read = dataOf(await app.t.client().get<VersionWire>(`${versionsOf(resource.resourceId)}/1.1.0`));
    expect(read.resolveResources).toEqual(second.resolveResources);
    const tree = dataOf(
      await app.t.client().get<{ resolveResources: unknown }[]>(`${RESOURCES}/${resource.resourceId}/dependencyTree`, {
        query: { isContainRootNode: '1' },
      }),
    );
    expect(tree[0]?.resolveResources).toEqual(second.resolveResources);
  });

  it('refuses a policy whose audiences exclude the caller: errCode 2, no version, no contract', async () => {
    const only = await onlineResource(app.t, app.bob, {
      policies: [policy('专用', `for ${app.bobId}\n\ninitial[active]:\n  terminate`)],
    });
    const resource = await createResource(app.alice);
    const answer = await postVersion(app.alice, resource.resourceId, {
      version: '1.0.0',
      fileSha1: await analysedFile(app.t, app.aliceId),
      filename: 'a.png',
      dependencies: [{ resourceId: only.resourceId, versionRange: '*' }],
      resolveResources: [{ resourceId: only.resourceId, contracts: [{ policyId: only.policies[0]?.policyId }] }],
    });
    expect(errCodeOf(answer)).toBe(ErrCode.Business);
    expect(await versionRows(resource.resourceId)).toEqual([]);
    expect((await resourceRow(app.t, resource.resourceId)).latestVersion).toBe('');
    expect(await contractsOfLicensee(resource.resourceId)).toEqual([]);
  });

  it('upcasts: a dependency’s base upcast is signed directly unless this resource upcasts it too', async () => {
    const mid = await createResource(app.bob, { policies: [policy('免费', FREE_POLICY)] });
    const midFirst = dataOf(
      await postVersion(app.bob, mid.resourceId, {
        version: '1.0.0',
        fileSha1: await analysedFile(app.t, app.bobId),
        filename: 'm.png',
        dependencies: [libDependency()],
        baseUpcastResources: [{ resourceId: lib.resourceId }],
      }),
    );
    // mid upcasts lib: it holds no contract on it.
    expect(midFirst.resolveResources).toEqual([]);
    expect(await contractsOfLicensee(mid.resourceId)).toEqual([]);
    const midOnline = dataOf(await app.bob.put<ResourceWire>(`${RESOURCES}/${mid.resourceId}`, { status: 1 }));
    const midFree = midOnline.policies[0]?.policyId ?? '';
    const body = async (extra: Record<string, unknown>) => ({
      version: '1.0.0',
      fileSha1: await analysedFile(app.t, app.aliceId),
      filename: 't.png',
      dependencies: [{ resourceId: mid.resourceId, versionRange: '*' }],
      ...extra,
    });

    const resolving = await createResource(app.alice);
    const signsBoth = dataOf(
      await postVersion(
        app.alice,
        resolving.resourceId,
        await body({
          batchSignContracts: [
            { resourceId: mid.resourceId, policyIds: [midFree] },
            { resourceId: lib.resourceId, policyIds: [trial] },
          ],
        }),
      ),
    );
    expect(signsBoth.resolveResources).toEqual([
      {
        resourceId: mid.resourceId,
        resourceName: mid.resourceName,
        contracts: [{ policyId: midFree, contractId: anyId }],
      },
      {
        resourceId: lib.resourceId,
        resourceName: lib.resourceName,
        contracts: [{ policyId: trial, contractId: anyId }],
      },
    ]);
    const licensors = (await contractsOfLicensee(resolving.resourceId)).map((row) => row.licensorId).sort();
    expect(licensors).toEqual([mid.resourceId, lib.resourceId].sort());

    const upcasting = await createResource(app.alice);
    const signsMid = dataOf(
      await postVersion(
        app.alice,
        upcasting.resourceId,
        await body({
          baseUpcastResources: [{ resourceId: lib.resourceId }],
          batchSignContracts: [{ resourceId: mid.resourceId, policyIds: [midFree] }],
        }),
      ),
    );
    expect(signsMid.upcastResources).toEqual([{ resourceId: lib.resourceId, resourceName: lib.resourceName }]);
    expect((await contractsOfLicensee(upcasting.resourceId)).map((row) => row.licensorId)).toEqual([mid.resourceId]);
  });

  it('createBatch’s first versions sign their contracts in the resource’s transaction', async () => {
    const answer = dataOf(
      await app.alice.post<BatchItemResultWire[]>(
        `${RESOURCES}/createBatch`,
        {
          resourceTypeCode: 'image',
          createResourceObjects: [
            {
              name: uniqueName(),
              version: '1.0.0',
              fileSha1: await analysedFile(app.t, app.aliceId),
              filename: 'a.png',
              dependencies: [libDependency()],
              batchSignContracts: [{ resourceId: lib.resourceId, policyIds: [free], subjectType: '1' }],
            },
          ],
        },
        { locale: 'en_US' },
      ),
    );
    const resourceId = answer[0]?.resource?.resourceId ?? '';
    const [version] = dataOf(await app.alice.get<VersionWire[]>(versionsOf(resourceId)));
    expect(version?.resolveResources).toEqual([
      {
        resourceId: lib.resourceId,
        resourceName: lib.resourceName,
        contracts: [{ policyId: free, contractId: anyId }],
      },
    ]);
    expect(await contractRow(contractsOf(version)[0]?.contractId ?? '')).toMatchObject({
      licenseeId: resourceId,
      licenseeIdentityType: 1,
      licensorId: lib.resourceId,
    });
  });

  it('PUT a version’s resolveResources: switches the policies of a resource it resolves (owner only)', async () => {
    const { resource } = await dependent();
    const id = resource.resourceId;
    const [freeContract] = await contractsOfLicensee(id);
    const switched = dataOf(
      await putVersion(id, '1.0.0', {
        description: 'switched',
        resolveResources: [{ resourceId: lib.resourceId, contracts: [{ policyId: paid }] }],
      }),
    );
    expect(switched.description).toBe('switched');
    expect(switched.resolveResources).toEqual([
      {
        resourceId: lib.resourceId,
        resourceName: lib.resourceName,
        contracts: [{ policyId: paid, contractId: anyId }],
      },
    ]);
    // The free contract stays in force (nobody cancels a contract) and is reused when chosen again.
    const back = dataOf(
      await putVersion(id, '1.0.0', {
        resolveResources: [{ resourceId: lib.resourceId, contracts: [{ policyId: free }, { policyId: paid }] }],
      }),
    );
    expect(contractsOf(back)).toEqual([
      { policyId: free, contractId: freeContract?.contractId },
      { policyId: paid, contractId: contractsOf(switched)[0]?.contractId },
    ]);
    expect(await contractsOfLicensee(id)).toHaveLength(2);

    const before = await versionRows(id);
    const other = await onlineResource(app.t, app.bob);
    const refusals = [
      await putVersion(id, '1.0.0', {
        resolveResources: [{ resourceId: other.resourceId, contracts: [{ policyId: other.policies[0]?.policyId }] }],
      }),
      await putVersion(id, '1.0.0', {
        description: 'not written',
        resolveResources: [{ resourceId: lib.resourceId, contracts: [{ policyId: disabled }] }],
      }),
      await putVersion(id, '1.0.0', { resolveResources: [{ resourceId: lib.resourceId, contracts: [] }] }),
      await app.bob.put(`${versionsOf(id)}/1.0.0`, { resolveResources: [] }),
      await putVersion(id, '1.0.0', {
        resolveResources: [
          { resourceId: lib.resourceId, contracts: [{ policyId: free }] },
          { resourceId: lib.resourceId, contracts: [{ policyId: paid }] },
        ],
      }),
    ];
    expect(msgOf(refusals[0] as ApiResponse<unknown>)).toBe('Version 1.0.0 does not resolve this resource');
    expect(msgOf(refusals[1] as ApiResponse<unknown>)).toBe(
      `The chosen policy is not an enabled policy of ${lib.resourceName}`,
    );
    expect(badFieldsOf(refusals[2] as ApiResponse<unknown>)).toEqual(['resolveResources.0']);
    expect(errCodeOf(refusals[3] as ApiResponse<unknown>)).toBe(ErrCode.Forbidden);
    expect(badFieldsOf(refusals[4] as ApiResponse<unknown>)).toEqual(['resolveResources.1.resourceId']);
    expect(await versionRows(id)).toEqual(before);
  });

  it('batchSetContracts keeps at most 10 contracts per resolved resource', async () => {
    const days = Array.from({ length: 11 }, (_, index) => index + 1);
    const many = await onlineResource(app.t, app.bob, {
      policies: days.map((day) =>
        policy(
          `策略${day}`,
          `for public\n\ninitial[active]:\n  ~freelog.RelativeTimeEvent("${day}","day") => ended\n\nended:\n  terminate`,
        ),
      ),
    });
    const [eleventh, ...ten] = many.policies.map((binding) => binding.policyId);
    const resource = await createResource(app.alice);
    dataOf(
      await postVersion(app.alice, resource.resourceId, {
        version: '1.0.0',
        fileSha1: await analysedFile(app.t, app.aliceId),
        filename: 'a.png',
        dependencies: [{ resourceId: many.resourceId, versionRange: '*' }],
        batchSignContracts: [{ resourceId: many.resourceId, policyIds: ten }],
      }),
    );
    const answer = await batchSet(app.alice, resource.resourceId, [
      { subjectId: many.resourceId, versions: [{ version: '1.0.0', policyId: eleventh, operation: 1 }] },
    ]);
    expect(msgOf(answer)).toBe(`Version 1.0.0 can hold at most 10 contracts on ${many.resourceName}`);
    expect(await contractsOfLicensee(resource.resourceId)).toHaveLength(10);
  });

  it('batchSetContracts applies and removes contracts version by version, never leaving a resource without one', async () => {
    const { resource } = await dependent(['1.0.1']);
    const id = resource.resourceId;
    const changed = dataOf(
      await batchSet(app.alice, id, [
        {
          subjectId: lib.resourceId,
          versions: [
            { version: '1.0.0', policyId: paid, operation: 1 },
            { version: '1.0.1', policyId: paid, operation: 1 },
            { version: '1.0.0', policyId: free, operation: 0 },
          ],
        },
      ]),
    );
    expect(changed.map((version) => version.version)).toEqual(['1.0.0', '1.0.1']);
    const [paidOn100] = contractsOf(changed[0]);
    expect(paidOn100).toEqual({ policyId: paid, contractId: anyId });
    expect(contractsOf(changed[1]).map((contract) => contract.policyId)).toEqual([free, paid]);
    expect(contractsOf(changed[1])[1]).toEqual(paidOn100);

    // Taking 1.0.0's last contract away refuses the whole call: the trial applied first is not signed.
    const before = await versionRows(id);
    const refused = await batchSet(app.alice, id, [
      {
        subjectId: lib.resourceId,
        versions: [
          { version: '1.0.1', policyId: trial, operation: 1 },
          { version: '1.0.0', policyId: paid, operation: 0 },
        ],
      },
    ]);
    expect([errCodeOf(refused), msgOf(refused)]).toEqual([
      ErrCode.Business,
      `Version 1.0.0 must keep at least one contract on ${lib.resourceName}`,
    ]);
    expect(refused.body.data).toEqual({ resourceId: lib.resourceId, resourceName: lib.resourceName, version: '1.0.0' });
    expect(await versionRows(id)).toEqual(before);
    expect((await contractsOfLicensee(id)).map((row) => row.policyId).sort()).toEqual([free, paid].sort());

    const other = await onlineResource(app.t, app.bob);
    const refusals = [
      await batchSet(app.alice, id, [
        { subjectId: other.resourceId, versions: [{ version: '1.0.0', policyId: free, operation: 1 }] },
      ]),
      await batchSet(app.alice, id, [
        { subjectId: lib.resourceId, versions: [{ version: '9.0.0', policyId: free, operation: 1 }] },
      ]),
      await batchSet(app.alice, id, [
        {
          subjectId: lib.resourceId,
          versions: [{ version: '1.0.0', policyId: disabled, operation: 1 }],
        },
      ]),
      await batchSet(app.alice, id, [
        { subjectId: lib.resourceId, versions: [{ version: '1.0.0', policyId: free, operation: 2 }] },
      ]),
      await batchSet(app.bob, id, [
        { subjectId: lib.resourceId, versions: [{ version: '1.0.0', policyId: free, operation: 1 }] },
      ]),
    ];
    expect(refusals.slice(0, 3).map(msgOf)).toEqual([
      'Version 1.0.0 does not resolve this resource',
      'The version does not exist',
      `The chosen policy is not an enabled policy of ${lib.resourceName}`,
    ]);
    expect(badFieldsOf(refusals[3] as ApiResponse<unknown>)[0]).toMatch(/^subjects\.0\.versions\.0\.operation/);
    expect(errCodeOf(refusals[4] as ApiResponse<unknown>)).toBe(ErrCode.Forbidden);
    expect(await versionRows(id)).toEqual(before);
  });

  it('edits at once queue on the version: the second sees the first and cannot take the last contract', async () => {
    const versions = ['1.0.0', '1.0.1', '1.0.2', '1.0.3'];
    const { resource } = await dependent(versions.slice(1));
    const id = resource.resourceId;
    const operations = (policyId: string, operation: number, version: string) => [
      { subjectId: lib.resourceId, versions: [{ version, policyId, operation }] },
    ];
    dataOf(
      await batchSet(app.alice, id, [
        { subjectId: lib.resourceId, versions: versions.map((version) => ({ version, policyId: paid, operation: 1 })) },
      ]),
    );
    // Per version, two calls at once each take one of its two contracts away: one of them must be refused.
    const answers = await Promise.all(
      versions.flatMap((version) => [
        batchSet(app.alice, id, operations(free, 0, version)),
        batchSet(app.alice, id, operations(paid, 0, version)),
      ]),
    );
    expect(answers.map(errCodeOf)).toHaveLength(8);
    for (let index = 0; index < versions.length; index += 1)
      expect(
        answers
          .slice(index * 2, index * 2 + 2)
          .map(errCodeOf)
          .sort(),
      ).toEqual([ErrCode.Success, ErrCode.Business]);
    for (const row of await versionRows(id)) expect(resolvedPolicies(row.resolveResources)).toHaveLength(1);
  });

  it('coverageVersions and resolveResources answer which versions use which contracts', async () => {
    const { resource } = await dependent(['1.0.1']);
    const id = resource.resourceId;
    const changed = dataOf(
      await batchSet(app.alice, id, [
        { subjectId: lib.resourceId, versions: [{ version: '1.0.1', policyId: paid, operation: 1 }] },
      ]),
    );
    const [freeContract, paidContract] = contractsOf(changed[0]).map((contract) => contract.contractId);
    const [v100, v101] = (await versionRows(id)).map(({ version, versionId }) => ({ version, versionId }));
    const unknown = 'f'.repeat(24);
    const coverage = dataOf(
      await app.t.client().get<CoverageVersionsWire[]>(`${RESOURCES}/${id}/contracts/coverageVersions`, {
        query: { contractIds: `${paidContract},${freeContract},${unknown}` },
      }),
    );
    expect(coverage).toEqual([
      { contractId: paidContract, versions: [v101] },
      { contractId: freeContract, versions: [v100, v101] },
      { contractId: unknown, versions: [] },
    ]);
    const coverageOf = (contractIds: string) =>
      app.t.client().get(`${RESOURCES}/${id}/contracts/coverageVersions`, { query: { contractIds } });
    expect(badFieldsOf(await coverageOf('nope'))).toEqual(['contractIds']);
    expect(badFieldsOf(await coverageOf(Array.from({ length: 201 }, () => unknown).join(',')))).toEqual([
      'contractIds',
    ]);

    expect(dataOf(await app.t.client().get<ResolveResourceWire[]>(`${RESOURCES}/${id}/resolveResources`))).toEqual([
      {
        resourceId: lib.resourceId,
        resourceName: lib.resourceName,
        versions: [
          { ...v100, contracts: [{ policyId: free, contractId: freeContract }] },
          {
            ...v101,
            contracts: [
              { policyId: free, contractId: freeContract },
              { policyId: paid, contractId: paidContract },
            ],
          },
        ],
      },
    ]);
  });

  it('versions stored before contracts were signed show none', async () => {
    const { resource, versions } = await dependent();
    await app.t.db
      .updateTable('resource_versions')
      .set({
        resolveResources: JSON.stringify([
          { resourceId: lib.resourceId, resourceName: lib.resourceName, policyIds: [free] },
        ]),
      })
      .where('versionId', '=', versions[0]?.versionId ?? '')
      .execute();
    const read = dataOf(await app.t.client().get<VersionWire>(`${versionsOf(resource.resourceId)}/1.0.0`));
    expect(read.resolveResources).toEqual([
      { resourceId: lib.resourceId, resourceName: lib.resourceName, contracts: [] },
    ]);
  });
});
