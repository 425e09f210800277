import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';

export type IdentityRow = Row<'third_party_identities'>;
export type AuthorizationRow = Row<'third_party_authorizations'>;

/** The only code touching the third-party tables. */
export class ThirdPartyRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  inTransaction<T>(work: (repo: ThirdPartyRepo) => Promise<T>): Promise<T> {
    if (this.#db.isTransaction) return work(this);
    return this.#db.transaction().execute((trx) => work(new ThirdPartyRepo(trx)));
  }

  async insertAuthorization(row: NewRow<'third_party_authorizations'>): Promise<void> {
    await this.#db.insertInto('third_party_authorizations').values(row).execute();
  }

  /** Removes and answers the request of this state: whoever deletes it first is the only one to use it. */
  takeAuthorization(state: string): Promise<AuthorizationRow | undefined> {
    return this.#db
      .deleteFrom('third_party_authorizations')
      .where('state', '=', state)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteAuthorizationsExpiredBy(now: string): Promise<void> {
    await this.#db.deleteFrom('third_party_authorizations').where('expireDate', '<=', now).execute();
  }

  /** Removes identities bound to nobody whose claim is over and that nothing touched since `before`. */
  async deleteUnboundIdentities(before: string, now: string): Promise<number> {
    const result = await this.#db
      .deleteFrom('third_party_identities')
      .where('userId', 'is', null)
      .where('claimExpireDate', '<=', now)
      .where('updateDate', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findIdentity(identityId: string): Promise<IdentityRow | undefined> {
    return this.#db
      .selectFrom('third_party_identities')
      .selectAll()
      .where('identityId', '=', identityId)
      .executeTakeFirst();
  }

  findIdentityBySubject(thirdPartyType: string, subject: string): Promise<IdentityRow | undefined> {
    return this.#db
      .selectFrom('third_party_identities')
      .selectAll()
      .where('thirdPartyType', '=', thirdPartyType)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  findIdentityOfUser(userId: number, thirdPartyType: string): Promise<IdentityRow | undefined> {
    return this.#db
      .selectFrom('third_party_identities')
      .selectAll()
      .where('userId', '=', userId)
      .where('thirdPartyType', '=', thirdPartyType)
      .executeTakeFirst();
  }

  listIdentitiesOfUser(userId: number): Promise<IdentityRow[]> {
    return this.#db
      .selectFrom('third_party_identities')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('thirdPartyType')
      .execute();
  }

  async insertIdentity(row: NewRow<'third_party_identities'>): Promise<void> {
    await this.#db.insertInto('third_party_identities').values(row).execute();
  }

  async updateIdentity(identityId: string, changes: Partial<Omit<IdentityRow, 'identityId'>>): Promise<void> {
    await this.#db.updateTable('third_party_identities').set(changes).where('identityId', '=', identityId).execute();
  }

  /** Binds only an identity bound to nobody; answers whether it did. */
  async bindIdentity(identityId: string, userId: number, now: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('third_party_identities')
      .set({ userId, claimBrowserHash: '', claimExpireDate: '', updateDate: now })
      .where('identityId', '=', identityId)
      .where('userId', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
