// Third-party sign-in (OpenID Connect): the identities people brought from a provider, bound to a
// user or not yet, and the authorization requests in flight (state, nonce, PKCE verifier), which
// live ten minutes and are used once.
import type { Kysely, Migration } from 'kysely';

export const thirdParty: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('third_party_identities')
      .addColumn('identityId', 'text', (column) => column.primaryKey())
      .addColumn('thirdPartyType', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('userId', 'integer', (column) => column.references('users.userId').onDelete('set null'))
      .addColumn('claimBrowserHash', 'text', (column) => column.notNull())
      .addColumn('claimExpireDate', 'text', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .addColumn('updateDate', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('third_party_identities_subject_unique')
      .on('third_party_identities')
      .unique()
      .columns(['thirdPartyType', 'subject'])
      .execute();
    // NULLs are distinct in a unique index on both databases: unbound identities do not collide.
    await db.schema
      .createIndex('third_party_identities_user_type_unique')
      .on('third_party_identities')
      .unique()
      .columns(['userId', 'thirdPartyType'])
      .execute();

    await db.schema
      .createTable('third_party_authorizations')
      .addColumn('state', 'text', (column) => column.primaryKey())
      .addColumn('browserHash', 'text', (column) => column.notNull())
      .addColumn('thirdPartyType', 'text', (column) => column.notNull())
      .addColumn('codeVerifier', 'text', (column) => column.notNull())
      .addColumn('nonce', 'text', (column) => column.notNull())
      .addColumn('goTo', 'text', (column) => column.notNull())
      .addColumn('returnUrl', 'text', (column) => column.notNull())
      .addColumn('bindUserId', 'integer', (column) => column.references('users.userId').onDelete('cascade'))
      .addColumn('expireDate', 'text', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('third_party_authorizations_expire')
      .on('third_party_authorizations')
      .column('expireDate')
      .execute();
  },
};
