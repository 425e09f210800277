// Storage keeps no node concern: the column naming a `.UserNodeData` object's node becomes the key the
// module keeping a system-bucket document gives it (the node-data module's key is the node id).
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('objects').renameColumn('nodeId', 'ownerKey').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('objects').renameColumn('ownerKey', 'nodeId').execute();
}

export const objectOwnerKeys: Migration = { up, down };
