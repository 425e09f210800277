// The node-site exhibit listing (API.md §5.2): a node's exhibits as the runtime names them, by page,
// by ids and one by id. Visitors see online exhibits of a node that is neither frozen nor private;
// the owner may ask for offline ones too (onlineStatus 0, or 2 for all). Anonymous callers are allowed.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '@tessera/domain';
import { Envelope, PageOf } from '@tessera/contract/common';
import {
  ExhibitSiteDetailQuery,
  ExhibitSiteIdsQuery,
  ExhibitSiteListQuery,
  ExhibitSiteParams,
  ExhibitViewWire,
  NodeIdParams,
} from '@tessera/contract/exhibit-auths';
import { success } from '../../platform/envelope';
import { isNodeFrozen, type NodeQueries, type NodeRow } from '../nodes';
import { NodeVisibility } from './consumer-auth';
import type { ExhibitRepo, PresentableRow } from './repo';
import { exhibitView } from './site-views';

const tags = ['exhibit auths'];

export type SiteRouteDeps = { repo: ExhibitRepo; nodes: Pick<NodeQueries, 'findNode'> };

type Reader = { node: NodeRow; owner: boolean };

const csv = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

const typesOf = (row: PresentableRow): string[] => JSON.parse(row.resourceType) as string[];

export function registerExhibitSiteRoutes(app: FastifyInstance, { repo, nodes }: SiteRouteDeps): void {
  /** The node when the caller may see its site's exhibits. */
  const readerOf = async (request: FastifyRequest, nodeId: number): Promise<Reader | undefined> => {
    const node = await nodes.findNode(nodeId);
    if (!node) return undefined;
    const owner = request.user?.userId === node.ownerUserId;
    if (!owner && (isNodeFrozen(node) || node.visibility === NodeVisibility.Private)) return undefined;
    return { node, owner };
  };

  const views = async (rows: readonly PresentableRow[], reader: Reader, withVersionProperty: boolean) => {
    const bindings = await repo.policiesOf(rows.map((row) => row.presentableId));
    const versions = withVersionProperty ? await repo.currentVersions(rows) : new Map();
    return rows.map((row) =>
      exhibitView(row, bindings, versions.get(row.presentableId), { withVersionProperty, owner: reader.owner }),
    );
  };

  app.get<{ Params: NodeIdParams; Querystring: ExhibitSiteListQuery }>(
    '/v2/exhibits/:nodeId',
    {
      schema: {
        tags,
        summary: "A page of the node's exhibits as the node-site runtime names them",
        description:
          'workResourceTypes or articleResourceTypes (comma list) keep those resource types; omitWorkResourceType or ' +
          'omitArticleResourceType leaves one out; tags with tagQueryType 1 any, 2 all; onlineStatus default 1 (the owner ' +
          'may ask 0 or 2 = all); keywords in the name or title; sort createDate:-1 (default) or updateDate:±1.',
        params: NodeIdParams,
        querystring: ExhibitSiteListQuery,
        response: { 200: Envelope(PageOf(ExhibitViewWire)) },
      },
    },
    async (request) => {
      const query = request.query;
      const skip = query.skip ?? 0;
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const reader = await readerOf(request, request.params.nodeId);
      if (!reader) return success({ skip, limit, totalItem: 0, dataList: [] });
      const wanted = reader.owner ? (query.onlineStatus ?? 1) : 1;
      const rows = (
        await repo.listInNode({ nodeId: reader.node.nodeId, ...(wanted === 2 ? {} : { onlineStatus: wanted }) })
      ).filter(listFilter(query));
      const sorted = sortRows(rows, query.sort);
      const page = sorted.slice(skip, skip + limit);
      return success({
        skip,
        limit,
        totalItem: rows.length,
        dataList: await views(page, reader, query.isLoadVersionProperty === 1),
      });
    },
  );

  app.get<{ Params: NodeIdParams; Querystring: ExhibitSiteIdsQuery }>(
    '/v2/exhibits/:nodeId/list',
    {
      schema: {
        tags,
        summary: "The node's exhibits by exhibitIds or articleIds (resource ids)",
        params: NodeIdParams,
        querystring: ExhibitSiteIdsQuery,
        response: { 200: Envelope(Type.Array(ExhibitViewWire)) },
      },
    },
    async (request) => {
      const reader = await readerOf(request, request.params.nodeId);
      const exhibitIds = csv(request.query.exhibitIds);
      const articleIds = csv(request.query.articleIds);
      if (!reader || (exhibitIds.length === 0 && articleIds.length === 0)) return success([]);
      const rows = (
        await repo.listBy({
          nodeId: reader.node.nodeId,
          ...(exhibitIds.length > 0 ? { presentableIds: exhibitIds.slice(0, 100) } : {}),
          ...(articleIds.length > 0 ? { resourceIds: articleIds.slice(0, 100) } : {}),
        })
      ).filter((row) => reader.owner || row.onlineStatus === 1);
      return success(await views(rows, reader, request.query.isLoadVersionProperty === 1));
    },
  );

  app.get<{ Params: ExhibitSiteParams; Querystring: ExhibitSiteDetailQuery }>(
    '/v2/exhibits/:nodeId/:exhibitId',
    {
      schema: {
        tags,
        summary: 'One exhibit of the node as the runtime names it, or null',
        params: ExhibitSiteParams,
        querystring: ExhibitSiteDetailQuery,
        response: { 200: Envelope(Type.Union([ExhibitViewWire, Type.Null()])) },
      },
    },
    async (request) => {
      const reader = await readerOf(request, request.params.nodeId);
      const row = reader && (await repo.findById(request.params.exhibitId));
      if (!reader || row?.nodeId !== reader.node.nodeId || (!reader.owner && row.onlineStatus !== 1))
        return success(null);
      const [view] = await views([row], reader, request.query.isLoadVersionProperty === 1);
      return success(view ?? null);
    },
  );
}

function listFilter(query: ExhibitSiteListQuery): (row: PresentableRow) => boolean {
  const types = csv(query.workResourceTypes ?? query.articleResourceTypes);
  const omitted = query.omitWorkResourceType ?? query.omitArticleResourceType;
  const tagList = csv(query.tags);
  const keywords = query.keywords?.trim().toLowerCase() ?? '';
  return (row) => {
    const rowTypes = typesOf(row);
    if (types.length > 0 && !rowTypes.some((type) => types.includes(type))) return false;
    if (omitted && rowTypes.some((type) => type.startsWith(omitted))) return false;
    if (tagList.length > 0) {
      const rowTags = JSON.parse(row.tags) as string[];
      const matches = (tag: string) => rowTags.includes(tag);
      if (query.tagQueryType === 2 ? !tagList.every(matches) : !tagList.some(matches)) return false;
    }
    if (keywords !== '')
      return (
        row.presentableName.toLowerCase().includes(keywords) || row.presentableTitle.toLowerCase().includes(keywords)
      );
    return true;
  };
}

/** createDate:-1 unless sort names updateDate or createDate with a direction. */
function sortRows(rows: PresentableRow[], sort: string | undefined): PresentableRow[] {
  const [field, direction] = (sort ?? '').split(':');
  const key = field === 'updateDate' ? 'updateDate' : 'createDate';
  const sign = direction === '1' ? 1 : -1;
  return [...rows].sort(
    (a, b) => sign * a[key].localeCompare(b[key]) || sign * a.presentableId.localeCompare(b.presentableId),
  );
}
