// The node and exhibit calls of the console (API.md §3.2, §3.3) as TanStack Query options and plain
// calls; every wire type is the contract's.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { exhibitEndpoints } from '@tessera/contract/endpoints/exhibits';
import { fileEndpoints } from '@tessera/contract/endpoints/files';
import { nodeEndpoints } from '@tessera/contract/endpoints/nodes';
import type { PresentableListQuery, PresentableWire } from '@tessera/contract/exhibits';
import type { CreateNodeBody, NodeWire, SetNodeInfoBody } from '@tessera/contract/nodes';
import type { ApiClient } from '../../shared/api';

export type Node = NodeWire;
export type Exhibit = PresentableWire;

export const EXAMPLES_PAGE_SIZE = 24;
export const EXHIBITS_PAGE_SIZE = 20;
const THEMES_LIMIT = 100;

/** What the exhibit list asks, besides the node and the page. */
export interface ExhibitFilters {
  keywords: string;
  /** '' for every type. */
  resourceType: string;
  /** 2 every status, 1 online, 0 offline. */
  onlineStatus: 0 | 1 | 2;
}

export const nodeKeys = {
  all: ['nodes'] as const,
  mine: ['nodes', 'mine'] as const,
  byId: (nodeId: number) => ['nodes', 'byId', nodeId] as const,
  freezeInfo: (nodeId: number) => ['nodes', 'freezeInfo', nodeId] as const,
  examples: ['nodes', 'examples'] as const,
  taken: (field: 'nodeName' | 'nodeDomain', value: string) => ['nodes', 'taken', field, value] as const,
  exhibits: (nodeId: number) => ['nodes', 'exhibits', nodeId] as const,
  exhibitPage: (nodeId: number, filters: ExhibitFilters, page: number) =>
    ['nodes', 'exhibits', nodeId, 'page', filters, page] as const,
  themes: (nodeId: number) => ['nodes', 'exhibits', nodeId, 'themes'] as const,
};

export const nodeQuery = (api: ApiClient, nodeId: number) =>
  queryOptions({
    queryKey: nodeKeys.byId(nodeId),
    queryFn: ({ signal }) => api.call(nodeEndpoints.byId, { params: { nodeId } }, { signal }),
  });

export const freezeInfoQuery = (api: ApiClient, nodeId: number) =>
  queryOptions({
    queryKey: nodeKeys.freezeInfo(nodeId),
    queryFn: ({ signal }) => api.call(nodeEndpoints.freezeInfo, { params: { nodeId } }, { signal }),
  });

export const examplesQuery = (api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: nodeKeys.examples,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(nodeEndpoints.searchForClient, { query: { skip: pageParam, limit: EXAMPLES_PAGE_SIZE } }, { signal }),
    getNextPageParam: (last) => {
      const next = last.skip + last.dataList.length;
      return last.dataList.length > 0 && next < last.totalItem ? next : undefined;
    },
  });

/** Whether a node already has this name or domain (the creator's live check). */
export async function isNodeFieldTaken(
  api: ApiClient,
  field: 'nodeName' | 'nodeDomain',
  value: string,
  signal?: AbortSignal,
): Promise<boolean> {
  return (await api.call(nodeEndpoints.detail, { query: { [field]: value } }, { signal })) !== null;
}

export const createNode = (api: ApiClient, body: CreateNodeBody) => api.call(nodeEndpoints.create, { body });
export const setNodeInfo = (api: ApiClient, body: SetNodeInfoBody) => api.call(nodeEndpoints.setNodeInfo, { body });
export const removeNode = (api: ApiClient, nodeId: number) => api.call(nodeEndpoints.remove, { params: { nodeId } });

export async function uploadLogo(api: ApiClient, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.call(fileEndpoints.uploadImage, { body: form })).url;
}

const THEME = 'theme';

export function exhibitPageQuery(api: ApiClient, nodeId: number, filters: ExhibitFilters, page: number) {
  const query: PresentableListQuery = {
    nodeId,
    skip: (page - 1) * EXHIBITS_PAGE_SIZE,
    limit: EXHIBITS_PAGE_SIZE,
    onlineStatus: filters.onlineStatus,
    omitResourceType: THEME,
    isLoadVersionUpdateTip: 1,
    ...(filters.keywords ? { keywords: filters.keywords } : {}),
    ...(filters.resourceType ? { resourceType: filters.resourceType } : {}),
  };
  return queryOptions({
    queryKey: nodeKeys.exhibitPage(nodeId, filters, page),
    queryFn: ({ signal }) => api.call(exhibitEndpoints.list, { query }, { signal }),
    placeholderData: (previous) => previous,
  });
}

export const themesQuery = (api: ApiClient, nodeId: number) =>
  queryOptions({
    queryKey: nodeKeys.themes(nodeId),
    queryFn: ({ signal }) =>
      api.call(
        exhibitEndpoints.list,
        { query: { nodeId, resourceType: THEME, onlineStatus: 2, skip: 0, limit: THEMES_LIMIT } },
        { signal },
      ),
  });

export const setExhibitsOnline = (api: ApiClient, presentableIds: string[], onlineStatus: 0 | 1) =>
  api.call(exhibitEndpoints.onlineStatusBatch, { body: { presentableIds, onlineStatus } });

/** Activating a theme puts it online; the server takes the node's other theme offline (DOMAIN §3.5). */
export const activateTheme = (api: ApiClient, presentableId: string) =>
  api.call(exhibitEndpoints.onlineStatus, { params: { presentableId }, body: { onlineStatus: 1 } });
