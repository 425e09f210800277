// The exhibit's frozen trees and its node-side/upstream auth (API.md §3.3, DOMAIN §3.3, §5.5, §5.6): the
// console's exhibit page reads them. Shapes follow the resource trees of the same names.
import type { AuthTreeItemWire } from '../auths';
import type { PresentableIdParams } from '../exhibits';
import type { RelationTreeNodeWire } from '../versions';
import { endpoint } from '../endpoint';

/**
 * A node of an exhibit's dependency tree, frozen when its version was chosen. Nested through
 * `dependencies`; a flattened answer carries `parentNid` and `deep` instead (DOMAIN §2.18).
 */
export interface ExhibitDependencyNodeWire {
  nid: string;
  parentNid?: string;
  deep?: number;
  resourceId: string;
  resourceName: string;
  resourceType: string[];
  version: string;
  versionId: string;
  versionRange?: string;
  fileSha1?: string;
  dependencies?: ExhibitDependencyNodeWire[];
}

export interface ExhibitTreeQuery {
  maxDeep?: number;
  nid?: string;
  isContainRootNode?: boolean;
  version?: string;
}

/** One item of the batch auth answer (DOMAIN §5.9). */
export interface ExhibitBatchAuthWire {
  presentableId: string;
  presentableName: string;
  referee: number;
  defaulterIdentityType: number;
  authCode: number;
  isAuth: boolean;
  errorMsg?: string;
  error?: string;
}

export interface ExhibitBatchAuthQuery {
  /** 1 node side, 2 upstream, 3 both, 4 all three layers. */
  authType: 1 | 2 | 3 | 4;
  /** csv, ≤ 100 */
  presentableIds: string;
}

const TREE = '/presentables/:presentableId';

export const exhibitTreeEndpoints = {
  dependencyTree: endpoint<{
    params: PresentableIdParams;
    query: ExhibitTreeQuery;
    answer: ExhibitDependencyNodeWire[];
  }>('GET', `${TREE}/dependencyTree`),
  relationTree: endpoint<{ params: PresentableIdParams; query: { version?: string }; answer: RelationTreeNodeWire[] }>(
    'GET',
    `${TREE}/relationTree`,
  ),
  /** One inner array per resource the node resolves. */
  authTree: endpoint<{ params: PresentableIdParams; query: ExhibitTreeQuery; answer: AuthTreeItemWire[][] }>(
    'GET',
    `${TREE}/authTree`,
  ),
  batchAuth: endpoint<{ params: { nodeId: number }; query: ExhibitBatchAuthQuery; answer: ExhibitBatchAuthWire[] }>(
    'GET',
    '/auths/presentables/nodes/:nodeId/batchAuth/result',
  ),
};
