// Accounts, part 2: usernames unique case-insensitively, and each bound e-mail and mobile unique
// (DOMAIN §2.1), enforced by the database so that two registrations at once cannot both win.
// Expression and partial indexes exist in both SQLite and PostgreSQL: '' (not bound) is left out.
import { sql, type Kysely, type Migration } from 'kysely';

export const uniqueAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    // Replaced by the unique index on the same expression.
    await db.schema.dropIndex('users_username_lower').execute();
    await db.schema
      .createIndex('users_username_lower_unique')
      .on('users')
      .unique()
      .expression(sql`lower(${sql.ref('username')})`)
      .execute();
    // The plain indexes of 0003 stay: a look-up by a bound parameter cannot use a partial index in SQLite.
    await db.schema
      .createIndex('users_email_lower_unique')
      .on('users')
      .unique()
      .expression(sql`lower(${sql.ref('email')})`)
      .where(sql.ref('email'), '<>', '')
      .execute();
    await db.schema
      .createIndex('users_mobile_unique')
      .on('users')
      .unique()
      .column('mobile')
      .where(sql.ref('mobile'), '<>', '')
      .execute();
  },
};
