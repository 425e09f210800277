// The exhibit auth calls (DOMAIN §5.9, API.md §3.3, §5.2) with a JSON answer, the node-site exhibit
// listing, and going online. fileStream answers bytes (or the result envelope when not authorised).
import type { Page } from '@tessera/domain';
import type {
  ArticleAuthParams,
  EntityQuery,
  ExhibitAuthParams,
  ExhibitAuthResultWire,
  ExhibitBatchAuthItemWire,
  ExhibitBatchAuthQuery,
  ExhibitSiteDetailQuery,
  ExhibitSiteIdsQuery,
  ExhibitSiteListQuery,
  ExhibitSiteParams,
  ExhibitViewWire,
  NodeIdParams,
  NodeResourceAuthParams,
  PresentableAuthParams,
  PresentableAuthResultWire,
  PresentableBatchAuthItemWire,
  PresentableBatchAuthQuery,
} from '../exhibit-auths';
import { endpoint } from '../endpoint';

export const exhibitAuthEndpoints = {
  /** type result: errCode 0 even when not authorised; info/resourceInfo/fileStream: errCode 3 then. */
  presentable: endpoint<{ params: PresentableAuthParams; query: EntityQuery; answer: PresentableAuthResultWire }>(
    'GET',
    '/auths/presentables/:presentableId/:type',
  ),
  nodeResource: endpoint<{ params: NodeResourceAuthParams; query: EntityQuery; answer: PresentableAuthResultWire }>(
    'GET',
    '/auths/presentables/nodes/:nodeId/:resourceIdOrName/:type',
  ),
  /** Not authorised: the result envelope with errCode 0, whatever the type. */
  exhibit: endpoint<{ params: ExhibitAuthParams; query: EntityQuery; answer: ExhibitAuthResultWire }>(
    'GET',
    '/auths/exhibits/:nodeId/:exhibitId/:type',
  ),
  article: endpoint<{ params: ArticleAuthParams; query: EntityQuery; answer: ExhibitAuthResultWire }>(
    'GET',
    '/auths/exhibits/:nodeId/articles/:articleIdOrName/:type',
  ),
  presentableBatch: endpoint<{
    params: NodeIdParams;
    query: PresentableBatchAuthQuery;
    answer: PresentableBatchAuthItemWire[];
  }>('GET', '/auths/presentables/nodes/:nodeId/batchAuth/result'),
  exhibitBatch: endpoint<{ params: NodeIdParams; query: ExhibitBatchAuthQuery; answer: ExhibitBatchAuthItemWire[] }>(
    'GET',
    '/auths/exhibits/:nodeId/batchAuth/results',
  ),
  siteList: endpoint<{ params: NodeIdParams; query: ExhibitSiteListQuery; answer: Page<ExhibitViewWire> }>(
    'GET',
    '/exhibits/:nodeId',
  ),
  siteListByIds: endpoint<{ params: NodeIdParams; query: ExhibitSiteIdsQuery; answer: ExhibitViewWire[] }>(
    'GET',
    '/exhibits/:nodeId/list',
  ),
  siteDetail: endpoint<{ params: ExhibitSiteParams; query: ExhibitSiteDetailQuery; answer: ExhibitViewWire | null }>(
    'GET',
    '/exhibits/:nodeId/:exhibitId',
  ),
};
