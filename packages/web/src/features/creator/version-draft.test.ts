import { describe, expect, it } from 'vitest';
import type { ResourceWire } from '@tessera/contract/resources';
import {
  candidatesOf,
  dependencyRequest,
  prefilledDraft,
  versionDraftProblem,
  withDependency,
  type VersionDraftData,
} from './version-draft';

const A = { resourceId: 'a'.repeat(24), resourceName: 'bob/a' };
const B = { resourceId: 'b'.repeat(24), resourceName: 'bob/b' };
const C = { resourceId: 'c'.repeat(24), resourceName: 'carol/c' };
const known = new Map([
  [A.resourceId, { ...A, baseUpcastResources: [B, C] } as ResourceWire],
  [B.resourceId, { ...B, baseUpcastResources: [] } as unknown as ResourceWire],
]);
const base: VersionDraftData = {
  version: '1.0.0',
  description: '',
  dependencies: [
    { ...A, versionRange: '^1.0.0' },
    { ...B, versionRange: '*' },
  ],
};

describe('the version draft', () => {
  it('takes the dependencies and then their base upcasts as candidates, once each', () => {
    expect(candidatesOf(base.dependencies ?? [], known)).toEqual([A, B, { ...C, via: A }]);
  });

  it('on the first version, upcasts what was chosen and signs the rest', () => {
    const draft = {
      ...base,
      upcasts: [C.resourceId],
      contracts: { [A.resourceId]: ['p1'], [B.resourceId]: ['p2', 'p3'] },
    };
    expect(dependencyRequest(draft, candidatesOf(base.dependencies ?? [], known), { kind: 'choose' })).toEqual({
      dependencies: [
        { resourceId: A.resourceId, versionRange: '^1.0.0' },
        { resourceId: B.resourceId, versionRange: '*' },
      ],
      baseUpcastResources: [{ resourceId: C.resourceId }],
      batchSignContracts: [
        { resourceId: A.resourceId, policyIds: ['p1'] },
        { resourceId: B.resourceId, policyIds: ['p2', 'p3'] },
      ],
    });
  });

  it('on later versions, follows the fixed base upcasts and sends none', () => {
    const draft = { ...base, upcasts: [A.resourceId], contracts: { [A.resourceId]: ['p1'], [C.resourceId]: ['p4'] } };
    const request = dependencyRequest(draft, candidatesOf(base.dependencies ?? [], known), {
      kind: 'fixed',
      base: [B],
    });
    expect(request).not.toHaveProperty('baseUpcastResources');
    expect(request.batchSignContracts).toEqual([
      { resourceId: A.resourceId, policyIds: ['p1'] },
      { resourceId: C.resourceId, policyIds: ['p4'] },
    ]);
  });

  it('names the first broken rule: a property, a range, then 1–10 policies per signed candidate', () => {
    const candidates = candidatesOf(base.dependencies ?? [], known);
    const rule = { kind: 'choose' } as const;
    const property = {
      key: '1x',
      name: '',
      type: 'editableText' as const,
      defaultValue: '',
      candidateItems: [],
      remark: '',
    };
    expect(versionDraftProblem({ ...base, customPropertyDescriptors: [property] }, candidates, rule)).toEqual({
      key: 'validation.customKey',
    });
    expect(versionDraftProblem({ ...base, dependencies: [{ ...A, versionRange: 'one' }] }, candidates, rule)).toEqual({
      key: 'creator.deps.rangeInvalid',
      params: { name: 'bob/a' },
    });
    expect(versionDraftProblem({ ...base, contracts: { [A.resourceId]: ['p1'] } }, candidates, rule)).toEqual({
      key: 'creator.deps.policyCount',
      params: { name: 'bob/b', max: 10 },
    });
    const eleven = Array.from({ length: 11 }, (_, index) => `p${index}`);
    expect(
      versionDraftProblem(
        { ...base, upcasts: [B.resourceId, C.resourceId], contracts: { [A.resourceId]: eleven } },
        candidates,
        rule,
      )?.key,
    ).toBe('creator.deps.policyCount');
    expect(
      versionDraftProblem(
        { ...base, upcasts: [B.resourceId, C.resourceId], contracts: { [A.resourceId]: ['p1'] } },
        candidates,
        rule,
      ),
    ).toBeNull();
  });

  it('adds a dependency at ^latest, choosing its policy when it has a single enabled one', () => {
    const found = {
      ...C,
      latestVersion: '2.1.0',
      policies: [
        { policyId: 'p9', policyName: 'x', status: 1 },
        { policyId: 'p8', policyName: 'y', status: 0 },
      ],
    } as ResourceWire;
    expect(withDependency(base, found)).toEqual({
      dependencies: [...(base.dependencies ?? []), { ...C, versionRange: '^2.1.0' }],
      contracts: { [C.resourceId]: ['p9'] },
    });
  });

  it('prefills the next patch version from the previous one', () => {
    expect(prefilledDraft('', null)).toEqual({
      version: '1.0.0',
      description: '',
      customPropertyDescriptors: [],
      dependencies: [],
      contracts: {},
    });
    const previous = {
      version: '1.4.9',
      versionId: 'v',
      description: 'd',
      resolveResources: [
        {
          ...A,
          contracts: [
            { policyId: 'p1', contractId: 'k1' },
            { policyId: 'p1', contractId: 'k2' },
          ],
        },
        { ...B, contracts: [] },
      ],
    };
    expect(prefilledDraft('1.4.9', previous)).toMatchObject({
      version: '1.4.10',
      description: 'd',
      contracts: { [A.resourceId]: ['p1'] },
    });
  });
});
