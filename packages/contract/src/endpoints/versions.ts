// The version calls (API.md §3.6): versions, their drafts, file look-ups, the cycle check, the trees
// and the owner's download (a browser navigation: only its address is built from here).
import type { ResourceWire } from '../resources';
import type {
  BatchSetContractsBody,
  CoverageVersionsQuery,
  CoverageVersionsWire,
  CreateVersionBody,
  CycleCheckBody,
  DependencyTreeNodeWire,
  DetailQuery,
  DraftBody,
  DraftWire,
  FileParams,
  FileSha1Query,
  ListQuery,
  RelationTreeNodeWire,
  ResolveResourceWire,
  ResourceIdParams,
  TreeQuery,
  UpdateVersionBody,
  VersionParams,
  VersionsQuery,
  VersionWire,
} from '../versions';
import { endpoint } from '../endpoint';

const VERSIONS = '/resources/:resourceId/versions';

// Reads answer whole versions: the web asks without `projection` (which would trim them).
export const versionEndpoints = {
  create: endpoint<{ params: ResourceIdParams; body: CreateVersionBody; answer: VersionWire }>('POST', VERSIONS),
  update: endpoint<{ params: VersionParams; body: UpdateVersionBody; answer: VersionWire }>(
    'PUT',
    `${VERSIONS}/:version`,
  ),
  /** Contracts of several versions at once (owner): the versions changed, as they are now. */
  batchSetContracts: endpoint<{ params: ResourceIdParams; body: BatchSetContractsBody; answer: VersionWire[] }>(
    'PUT',
    `${VERSIONS}/batchSetContracts`,
  ),
  cycleDependencyCheck: endpoint<{ params: ResourceIdParams; body: CycleCheckBody; answer: boolean }>(
    'POST',
    `${VERSIONS}/cycleDependencyCheck`,
  ),
  saveDraft: endpoint<{ params: ResourceIdParams; body: DraftBody; answer: DraftWire }>('POST', `${VERSIONS}/drafts`),
  draft: endpoint<{ params: ResourceIdParams; answer: DraftWire | null }>('GET', `${VERSIONS}/drafts`),
  deleteDraft: endpoint<{ params: ResourceIdParams; answer: null }>('DELETE', `${VERSIONS}/drafts`),
  list: endpoint<{ params: ResourceIdParams; query: Omit<VersionsQuery, 'projection'>; answer: VersionWire[] }>(
    'GET',
    VERSIONS,
  ),
  detail: endpoint<{ params: VersionParams; answer: VersionWire }>('GET', `${VERSIONS}/:version`),
  property: endpoint<{ params: VersionParams; answer: Record<string, unknown> }>(
    'GET',
    `${VERSIONS}/:version/property`,
  ),
  /** Not for `ApiClient.call`: the file itself, for a browser navigation to `fillPath(path, params)`. */
  download: endpoint<{ params: VersionParams; answer: never }>('GET', `${VERSIONS}/:version/download`),
  /**
   * Ours (issue 16; not in API.md): the file of an image, audio or video version, inline with Range, for
   * its owner, anyone under a free public policy, or a holder of an authorising contract. Not for
   * `ApiClient.call`: media elements load `fillPath(path, params)`.
   */
  preview: endpoint<{ params: VersionParams; answer: never }>('GET', `${VERSIONS}/:version/preview`),
  detailById: endpoint<{ query: Omit<DetailQuery, 'projection'>; answer: VersionWire }>(
    'GET',
    '/resources/versions/detail',
  ),
  listByIds: endpoint<{ query: Omit<ListQuery, 'projection'>; answer: VersionWire[] }>(
    'GET',
    '/resources/versions/list',
  ),
  isCanBeCreate: endpoint<{ query: FileSha1Query; answer: boolean }>('GET', '/resources/versions/isCanBeCreate'),
  versionsOfFile: endpoint<{ params: FileParams; answer: VersionWire[] }>('GET', '/resources/files/:fileSha1/versions'),
  resourcesOfFile: endpoint<{ params: FileParams; answer: ResourceWire[] }>('GET', '/resources/files/:fileSha1'),
  dependencyTree: endpoint<{ params: ResourceIdParams; query: TreeQuery; answer: DependencyTreeNodeWire[] }>(
    'GET',
    '/resources/:resourceId/dependencyTree',
  ),
  relationTree: endpoint<{ params: ResourceIdParams; query: TreeQuery; answer: RelationTreeNodeWire[] }>(
    'GET',
    '/resources/:resourceId/relationTree',
  ),
  resolveResources: endpoint<{ params: ResourceIdParams; answer: ResolveResourceWire[] }>(
    'GET',
    '/resources/:resourceId/resolveResources',
  ),
  coverageVersions: endpoint<{
    params: ResourceIdParams;
    query: CoverageVersionsQuery;
    answer: CoverageVersionsWire[];
  }>('GET', '/resources/:resourceId/contracts/coverageVersions'),
};
