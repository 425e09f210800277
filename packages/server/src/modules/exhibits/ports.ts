// What the exhibits module tells other modules through their ports: exhibits as contract subjects
// (the contracts module's `exhibitSubjects`) and a deleted node's exhibits going offline (the nodes
// module's `nodeDeleted`, in the deletion's transaction; the node's active theme is cleared with them).
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { ExhibitSubjects } from '../contracts';
import { isNodeFrozen, type NodeDeletedListener, type NodeQueries } from '../nodes';
import { ExhibitRepo } from './repo';

export function exhibitSubjects(repo: ExhibitRepo, nodes: Pick<NodeQueries, 'findNode'>): ExhibitSubjects {
  return {
    async exhibitSubject(presentableId: string, db: Db = repo.db) {
      const row = await repo.findById(presentableId, db);
      const node = row && (await nodes.findNode(row.nodeId, db));
      if (!row || !node) return undefined;
      const policies = await repo.policiesOf([presentableId], db);
      return {
        presentableId,
        presentableName: row.presentableName,
        nodeId: node.nodeId,
        nodeName: node.nodeName,
        nodeOwnerId: node.ownerUserId,
        nodeOwnerName: node.ownerUserName,
        isOnline: row.onlineStatus === 1,
        isNodeFrozen: isNodeFrozen(node),
        policies: policies.map(({ policyId, policyName, status }) => ({ policyId, policyName, status })),
      };
    },
  };
}

export function offlineOnNodeDeletion(nodes: Pick<NodeQueries, 'setActiveTheme'>, clock: Clock): NodeDeletedListener {
  return {
    async nodeDeleted(nodeId: number, db: Db) {
      const repo = new ExhibitRepo(db);
      const updateDate = clock.now().toISOString();
      for (const row of await repo.listInNode({ nodeId, onlineStatus: 1 }))
        await repo.update(row.presentableId, { onlineStatus: 0, updateDate });
      await nodes.setActiveTheme(nodeId, '', db);
    },
  };
}
