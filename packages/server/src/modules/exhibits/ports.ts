// What the exhibits module tells other modules through their ports: exhibits as contract subjects
// (the contracts module's `exhibitSubjects`) and a deleted node's exhibits going offline (the nodes
// module's `nodeDeleted`, in the deletion's transaction; the node's active theme is cleared with them).
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { ExhibitSubject, ExhibitSubjects } from '../contracts';
import { isNodeFrozen, type NodeDeletedListener, type NodeQueries } from '../nodes';
import { ExhibitRepo } from './repo';

/** Exhibits as contract subjects, read three at a time whatever their number (exhibits, nodes, policies). */
export function exhibitSubjects(repo: ExhibitRepo, nodes: Pick<NodeQueries, 'findNodes'>): ExhibitSubjects {
  return {
    async exhibitSubjects(presentableIds: readonly string[], db: Db = repo.db) {
      const rows = await repo.findMany([...new Set(presentableIds)], db);
      const found = new Map<string, ExhibitSubject>();
      if (rows.length === 0) return found;
      const nodesById = await nodes.findNodes(
        rows.map((row) => row.nodeId),
        db,
      );
      const policies = await repo.policiesOf(
        rows.map((row) => row.presentableId),
        db,
      );
      for (const row of rows) {
        const node = nodesById.get(row.nodeId);
        if (!node) continue;
        found.set(row.presentableId, {
          presentableId: row.presentableId,
          presentableName: row.presentableName,
          nodeId: node.nodeId,
          nodeName: node.nodeName,
          nodeOwnerId: node.ownerUserId,
          nodeOwnerName: node.ownerUserName,
          isOnline: row.onlineStatus === 1,
          isNodeFrozen: isNodeFrozen(node),
          policies: policies
            .filter((binding) => binding.presentableId === row.presentableId)
            .map(({ policyId, policyName, status }) => ({ policyId, policyName, status })),
        });
      }
      return found;
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
