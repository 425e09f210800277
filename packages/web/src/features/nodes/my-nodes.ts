import { queryOptions } from '@tanstack/react-query';
import { nodeEndpoints } from '@tessera/contract/endpoints/nodes';
import type { ApiClient } from '../../shared/api';
import { nodeKeys, type Node } from './nodes-api';

/** As many nodes as a user may own (DOMAIN §8 allows 16 by default): one page shows them all. */
const MY_NODES_LIMIT = 100;

/** The caller's nodes, normal and frozen (no status asks for both), newest first. */
export const myNodesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: nodeKeys.mine,
    queryFn: async ({ signal }): Promise<Node[]> =>
      (await api.call(nodeEndpoints.list, { query: { skip: 0, limit: MY_NODES_LIMIT } }, { signal })).dataList,
  });
