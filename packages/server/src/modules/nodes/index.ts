// Public surface of the nodes module (DOMAIN §2.16, §3.7): nodes their owners run, the sites that show
// their exhibits, operator freezing (`tessera admin node …`). Exhibits, contracts (nodes as licensees)
// and the node sites read nodes through NodeQueries; the exhibits module takes a deleted node's
// exhibits offline through the nodeDeleted port.
import { LimitLocks } from '../../platform/limits/locks';
import { defineModule } from '../../platform/modules';
import type { IdentityService } from '../identity';
import { runNodeCommand } from './cli';
import { loadDemoNodes } from './demo';
import { nodesTables } from './migrations/0016_nodes';
import { NodeQueries } from './queries';
import { NodeRepo } from './repo';
import { registerNodeRoutes } from './routes';
import { NodeService, type NodeDeletedListener } from './service';

export { isNodeFrozen, NODE_FROZEN_FLAG, type NodeQueries } from './queries';
export type { NodeRow } from './repo';
export type { NodeDeletedListener, NodeService } from './service';
export { NodeVisibility } from './service';
export { DEMO_NODE } from './demo';
export { nodeSiteUrls, type NodeSiteSettings } from './views';
export type { NodesTable } from './tables';

declare module '../../platform/modules' {
  interface ModulePorts {
    /** Told of each node its owner deletes, inside the deletion's transaction (exhibits go offline). */
    nodeDeleted: NodeDeletedListener;
  }
}

type NodeNeeds = { identity: Pick<IdentityService, 'findUser' | 'resolveUser'> };

export const nodesModule = defineModule({
  name: 'nodes',
  services: ({ db, clock, config, ports }, { identity }: NodeNeeds) => {
    const repo = new NodeRepo(db);
    const nodeQueries = new NodeQueries(repo, clock);
    const nodes = new NodeService({
      repo,
      queries: nodeQueries,
      users: identity,
      clock,
      settings: config,
      locks: new LimitLocks(db, clock),
      deleted: ports.list('nodeDeleted'),
    });
    return { nodeQueries, nodes };
  },
  routes: (app, { nodes }) => registerNodeRoutes(app, nodes),
  admin: {
    area: 'node',
    summary: 'manage nodes: list, show, freeze, unfreeze',
    run: (argv, { nodes }, { print }) => runNodeCommand(argv, { nodes, print }),
  },
  demo: [{ name: 'demo:nodes', stage: 'services', load: loadDemoNodes }],
  migrations: { '0016_nodes': nodesTables },
});
