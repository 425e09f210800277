// Public surface of the node-data module (DOMAIN §3.10, API.md §3.4 and §5.2): what a node's site keeps
// for each signed-in user, stored as documents of the user's system bucket through the storage module.
import { defineModule } from '../../platform/modules';
import type { NodeQueries } from '../nodes';
import type { StorageService } from '../storage';
import { registerNodeDataRoutes } from './routes';
import { NodeDataService } from './service';

export type { NodeDataService } from './service';

type NodeDataNeeds = { storage: StorageService; nodeQueries: NodeQueries };

export const nodeDataModule = defineModule({
  name: 'nodeData',
  services: (_context, { storage, nodeQueries }: NodeDataNeeds) => ({
    nodeData: new NodeDataService({ storage, nodes: nodeQueries }),
  }),
  routes: (app, { nodeData }) => registerNodeDataRoutes(app, nodeData),
});
