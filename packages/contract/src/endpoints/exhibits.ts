// The exhibit (presentable) calls of the console (API.md §3.3). Trees and the node-site calls are added
// by the modules that serve them.
import type { Page } from '@tessera/domain';
import type {
  BatchItemResultWire,
  CreatePresentableBody,
  IgnoreUpdateTipBody,
  OnlineStatusBody,
  PresentableDetailQuery,
  PresentableIdParams,
  PresentableListQuery,
  PresentableReadQuery,
  PresentableWire,
  RewritePropertyBody,
  SwitchVersionBody,
  UpdatePresentableBody,
} from '../exhibits';
import type { PolicyInputBody } from '../resources';
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
  detail: endpoint<{ query: PresentableDetailQuery; answer: PresentableWire | null }>(
    'GET',
    `${PRESENTABLES}/detail`,
  ),
  list: endpoint<{ query: PresentableListQuery; answer: Page<PresentableWire> }>('GET', PRESENTABLES),
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
  createBatch: endpoint<{
    body: { nodeId: number; resources: { resourceId: string; policyId?: string }[] };
    answer: BatchItemResultWire[];
  }>('POST', `${PRESENTABLES}/createPresentableBatchEasy`),
  updateBatch: endpoint<{
    body: { presentableIds: string[]; addPolicies: PolicyInputBody[] };
    answer: BatchItemResultWire[];
  }>('PUT', `${PRESENTABLES}/updatePresentableBatch`),
  onlineStatusBatch: endpoint<{
    body: { presentableIds: string[]; onlineStatus: 0 | 1 };
    answer: BatchItemResultWire[];
  }>('PUT', `${PRESENTABLES}/updatePresentableOnlineStatusBatch`),
};
