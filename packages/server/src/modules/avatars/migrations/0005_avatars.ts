// Uploaded avatars, in the database so that every server instance serves the same image; and the
// avatar address (/avatars/{userId}) for the users created before it existed, demo users included.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../../../platform/db/database';

/** Users without an avatar address get theirs; a value someone set is kept. */
export async function backfillAvatarAddresses(db: Kysely<unknown>): Promise<void> {
  await db
    .updateTable('users' as never)
    .set({ headImage: sql`'/avatars/' || cast(${sql.ref('userId')} as text)` } as never)
    .where(sql.ref('headImage'), '=', '')
    .execute();
}

export const avatars: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('avatars')
      .addColumn('userId', 'integer', (column) => column.primaryKey().references('users.userId').onDelete('cascade'))
      .addColumn('image', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
      .addColumn('mime', 'text', (column) => column.notNull())
      .addColumn('sha1', 'text', (column) => column.notNull())
      .addColumn('width', 'integer', (column) => column.notNull())
      .addColumn('height', 'integer', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .addColumn('updateDate', 'text', (column) => column.notNull())
      .execute();
    await backfillAvatarAddresses(db);
  },
};
