// The exhibit (presentable) calls of the console (API.md §3.3). Trees and the node-site calls are added
// by the modules that serve them.
import type { Page } from '@tessera/domain';
import type { AuthTreeItemWire } from '../auths';
import type {
  BatchItemResultWire,
  ContractAppliedQuery,
  ContractAppliedWire,
  CreateBatchEasyBody,
  CreatePresentableBody,
  IgnoreUpdateTipBody,
  OnlineStatusBody,
  PresentableDetailQuery,
  PresentableIdParams,
  NodeIdParams,
  PresentableListByQuery,
  PresentableListQuery,
  PresentableReadQuery,
  PresentableTreeQuery,
  PresentableWire,
  RewritePropertyBody,
  SwitchVersionBody,
  UpdateBatchBody,
  UpdatePresentableBody,
} from '../exhibits';
import { endpoint } from '../endpoint';

const PRESENTABLES = '/presentables';

export const exhibitEndpoints = {
  /** Signs (or reuses) the node contracts; the exhibit starts offline. */
  create: endpoint<{ body: CreatePresentableBody; answer: PresentableWire }>('POST', PRESENTABLES),
  byId: endpoint<{ params: PresentableIdParams; query: PresentableReadQuery; answer: PresentableWire }>(
    'GET',
    `${PRESENTABLES}/:presentableId`,
  ),
  /** null when the node has no such exhibit. */
  detail: endpoint<{ query: PresentableDetailQuery; answer: PresentableWire | null }>('GET', `${PRESENTABLES}/detail`),
  list: endpoint<{ query: PresentableListQuery; answer: Page<PresentableWire> }>('GET', PRESENTABLES),
  listBy: endpoint<{ query: PresentableListByQuery; answer: PresentableWire[] }>('GET', `${PRESENTABLES}/list`),
  /** The node owner only: per contract, the exhibits it serves. */
  contractApplied: endpoint<{ params: NodeIdParams; query: ContractAppliedQuery; answer: ContractAppliedWire[] }>(
    'GET',
    `${PRESENTABLES}/:nodeId/contractAppliedPresentable`,
  ),
  /** Frozen when the version was chosen (DOMAIN §2.18): flattened nodes. */
  dependencyTree: endpoint<{ params: PresentableIdParams; query: PresentableTreeQuery; answer: unknown[] }>(
    'GET',
    `${PRESENTABLES}/:presentableId/dependencyTree`,
  ),
  relationTree: endpoint<{ params: PresentableIdParams; query: PresentableTreeQuery; answer: unknown[] }>(
    'GET',
    `${PRESENTABLES}/:presentableId/relationTree`,
  ),
  /**
   * An array of arrays, one per resource the node resolves (DOMAIN §3.3): the grouping frozen with the
   * version, each item with its resolver's contracts (the node's on top) and its children.
   */
  authTree: endpoint<{ params: PresentableIdParams; query: PresentableTreeQuery; answer: AuthTreeItemWire[][] }>(
    'GET',
    `${PRESENTABLES}/:presentableId/authTree`,
  ),
  update: endpoint<{ params: PresentableIdParams; body: UpdatePresentableBody; answer: PresentableWire }>(
    'PUT',
    `${PRESENTABLES}/:presentableId`,
  ),
  /** Going online is refused (errCode 2) with the failed auth result in data. */
  onlineStatus: endpoint<{ params: PresentableIdParams; body: OnlineStatusBody; answer: true }>(
    'PUT',
    `${PRESENTABLES}/:presentableId/onlineStatus`,
  ),
  switchVersion: endpoint<{ params: PresentableIdParams; body: SwitchVersionBody; answer: true }>(
    'PUT',
    `${PRESENTABLES}/:presentableId/version`,
  ),
  rewriteProperty: endpoint<{ params: PresentableIdParams; body: RewritePropertyBody; answer: true }>(
    'PUT',
    `${PRESENTABLES}/:presentableId/rewriteProperty`,
  ),
  ignoreUpdateTip: endpoint<{ params: PresentableIdParams; body: IgnoreUpdateTipBody; answer: true }>(
    'POST',
    `${PRESENTABLES}/:presentableId/ignorePresentableVersionUpdateTip`,
  ),
  /** Per item, in order: id is the new presentableId, or the item's resourceId when it failed. */
  createBatch: endpoint<{ body: CreateBatchEasyBody; answer: BatchItemResultWire[] }>(
    'POST',
    `${PRESENTABLES}/createPresentableBatchEasy`,
  ),
  updateBatch: endpoint<{ body: UpdateBatchBody; answer: BatchItemResultWire[] }>(
    'PUT',
    `${PRESENTABLES}/updatePresentableBatch`,
  ),
  onlineStatusBatch: endpoint<{
    body: { presentableIds: string[]; onlineStatus: 0 | 1 };
    answer: BatchItemResultWire[];
  }>('PUT', `${PRESENTABLES}/updatePresentableOnlineStatusBatch`),
};
