// The resource calls (API.md §3.6); the catalogue's are in catalogue.ts, the policies' in policies.ts.
// Reads leave out `projection`: without it the server answers whole resources (ResourceWire).
import type { Page } from '@tessera/domain';
import type { Static } from '@sinclair/typebox';
import type {
  BatchItemResultWire,
  CountQuery,
  CountWire,
  CreateBatchBody,
  CreateResourceBody,
  DetailParams,
  DetailQuery,
  GeneratedNameWire,
  GenerateNamesBody,
  ListQuery,
  RecommendQuery,
  ResourceIdParams,
  ResourceWire,
  SearchQuery,
  UpdateBatchBody,
  UpdateResourceBody,
} from '../resources';
import { endpoint } from '../endpoint';

type Whole<Query> = Omit<Query, 'projection'>;

export const resourceEndpoints = {
  create: endpoint<{ body: CreateResourceBody; answer: ResourceWire }>('POST', '/resources'),
  createBatch: endpoint<{ body: CreateBatchBody; answer: BatchItemResultWire[] }>('POST', '/resources/createBatch'),
  updateBatch: endpoint<{ body: UpdateBatchBody; answer: true }>('PUT', '/resources/updateBatch'),
  update: endpoint<{ params: ResourceIdParams; body: UpdateResourceBody; answer: ResourceWire }>(
    'PUT',
    '/resources/:resourceId',
  ),
  /** An unreleased resource of the caller without a version (ours): the creator's abandoned drafts. */
  remove: endpoint<{ params: ResourceIdParams; answer: true }>('DELETE', '/resources/:resourceId'),
  generateNames: endpoint<{ body: GenerateNamesBody; answer: GeneratedNameWire[] }>(
    'POST',
    '/resources/generateResourceNames',
  ),
  /** The market, a user's published resources, and the caller's own (isSelf=1). */
  search: endpoint<{ query: Whole<SearchQuery>; answer: Page<ResourceWire> }>('GET', '/resources'),
  list: endpoint<{ query: Whole<ListQuery>; answer: ResourceWire[] }>('GET', '/resources/list'),
  count: endpoint<{ query: CountQuery; answer: Static<typeof CountWire>[] }>('GET', '/resources/count'),
  recommend: endpoint<{ query: Whole<RecommendQuery>; answer: ResourceWire[] }>('GET', '/resources/recommend'),
  /** By id or `username/name`; unknown (or another user's unreleased): errCode 2. */
  detail: endpoint<{ params: DetailParams; query: Whole<DetailQuery>; answer: ResourceWire }>(
    'GET',
    '/resources/:resourceIdOrName',
  ),
};
