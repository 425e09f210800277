import { queryOptions } from '@tanstack/react-query';
import { nodeEndpoints } from '@tessera/contract/endpoints/nodes';
import type { ApiClient } from '../../shared/api';
import { nodeKeys, type Node } from './nodes-api';

/** As many nodes as a user may own (DOMAIN §8 allows 16 by default): one page shows them all. */
const MY_NODES_LIMIT = 100;
const NORMAL = 2;
const FROZEN = 6;

/** The caller's nodes, normal and frozen (the list call gives one status at a time), newest first. */
export const myNodesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: nodeKeys.mine,
    queryFn: async ({ signal }): Promise<Node[]> => {
      const pages = await Promise.all(
        [NORMAL, FROZEN].map((status) =>
          api.call(nodeEndpoints.list, { query: { status, skip: 0, limit: MY_NODES_LIMIT } }, { signal }),
        ),
      );
      return pages.flatMap((page) => page.dataList).sort((a, b) => b.createDate.localeCompare(a.createDate));
    },
  });
