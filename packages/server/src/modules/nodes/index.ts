// Public surface of the nodes module (DOMAIN §2.16, §3.7): nodes their owners run, the sites that show
// their exhibits, operator freezing. Exhibits, contracts (nodes as licensees) and the node sites read
// nodes through NodeQueries.
import { defineModule } from '../../platform/modules';
import { nodesTables } from './migrations/0016_nodes';
import { NodeQueries } from './queries';
import { NodeRepo } from './repo';

export { isNodeFrozen, NODE_FROZEN_FLAG, type NodeQueries } from './queries';
export type { NodeRow } from './repo';
export type { NodesTable } from './tables';

export const nodesModule = defineModule({
  name: 'nodes',
  services: ({ db, clock }) => {
    const repo = new NodeRepo(db);
    return { nodeQueries: new NodeQueries(repo, clock) };
  },
  migrations: { '0016_nodes': nodesTables },
});
