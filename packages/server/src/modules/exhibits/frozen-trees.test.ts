import { describe, expect, it } from 'vitest';
import type { DependencyTreeNode } from '../versions';
import { freezeTree, thawTree } from './frozen-trees';

type Resolve = DependencyTreeNode['resolveResources'][number];
const resolve = (resourceId: string, contractId: string): Resolve => ({
  resourceId,
  resourceName: `u/${resourceId}`,
  contracts: [{ policyId: `p-${contractId}`, contractId }],
});

function node(
  resourceId: string,
  nid: string,
  resolveResources: Resolve[],
  dependencies: DependencyTreeNode[] = [],
  upcasts: string[] = [],
): DependencyTreeNode {
  return {
    nid,
    resourceId,
    resourceName: `u/${resourceId}`,
    resourceType: ['image'],
    version: '1.0.0',
    versions: ['1.0.0'],
    versionRange: '^1.0.0',
    versionId: `v-${resourceId}`,
    fileSha1: `sha-${resourceId}`,
    baseUpcastResources: upcasts.map((id) => ({ resourceId: id, resourceName: `u/${id}` })),
    resolveResources,
    dependencies,
  };
}

// R depends on A (resolved by R) and B (upcast by R to the node); A depends on C, which A resolves.
const tree = node(
  'R',
  'nR',
  [resolve('A', 'cRA')],
  [node('A', 'nA', [resolve('C', 'cAC')], [node('C', 'nC', [])]), node('B', 'nB', [])],
  ['B'],
);

describe('frozen trees', () => {
  it('flattens the dependency tree in tree order with parents and depths', () => {
    const { dependencyTree } = freezeTree(tree);
    expect(dependencyTree.map(({ nid, parentNid, deep }) => [nid, parentNid, deep])).toEqual([
      ['nR', '', 1],
      ['nA', 'nR', 2],
      ['nC', 'nA', 3],
      ['nB', 'nR', 2],
    ]);
    expect(dependencyTree[1]).toMatchObject({ versionRange: '^1.0.0', fileSha1: 'sha-A', versionId: 'v-A' });
  });

  it('groups the auth tree under resolvers, the node resolving the resource and its upcasts', () => {
    const { authTree } = freezeTree(tree);
    expect(authTree.map(({ nid, parentNid, deep }) => [nid, parentNid, deep])).toEqual([
      ['nR', '', 1],
      ['nA', 'nR', 2],
      ['nC', 'nA', 3],
      ['nB', '', 1],
    ]);
    expect(authTree[0]).not.toHaveProperty('fileSha1');
  });

  it('thaws back the tree with the resolves read now', () => {
    const frozen = freezeTree(tree).dependencyTree;
    const live = new Map([['v-A', [resolve('C', 'cNew')]]]);
    const root = thawTree(frozen, live);
    expect(root?.dependencies.map((child) => child.nid)).toEqual(['nA', 'nB']);
    expect(root?.resolveResources).toEqual([]);
    expect(root?.dependencies[0]?.resolveResources).toEqual([resolve('C', 'cNew')]);
    expect(root?.dependencies[0]?.dependencies[0]).toMatchObject({ nid: 'nC', versionId: 'v-C', fileSha1: 'sha-C' });
    expect(thawTree([], live)).toBeUndefined();
  });
});
