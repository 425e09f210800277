import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';
import { CodeStatus } from './codes';

export type CodeRow = Row<'verification_codes'>;
export type OutboxMessageRow = Row<'outbox_messages'>;

export class MessageRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The same repo on a transaction. */
  within(trx: Db): MessageRepo {
    return new MessageRepo(trx);
  }

  insertCode(code: NewRow<'verification_codes'>): Promise<unknown> {
    return this.#db.insertInto('verification_codes').values(code).execute();
  }

  /** The newest code for the address and type, whatever its status. */
  latestCode(toAddress: string, authCodeType: string): Promise<CodeRow | undefined> {
    return this.#db
      .selectFrom('verification_codes')
      .selectAll()
      .where('toAddress', '=', toAddress)
      .where('authCodeType', '=', authCodeType)
      .orderBy('createDate', 'desc')
      .orderBy('recordId', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The newest code that is still usable as far as its status goes (it may have expired). */
  latestSentCode(toAddress: string, authCodeType: string): Promise<CodeRow | undefined> {
    return this.#db
      .selectFrom('verification_codes')
      .selectAll()
      .where('toAddress', '=', toAddress)
      .where('authCodeType', '=', authCodeType)
      .where('status', '=', CodeStatus.Sent)
      .orderBy('createDate', 'desc')
      .orderBy('recordId', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countForAddressSince(toAddress: string, since: string): Promise<number> {
    const row = await this.#db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('toAddress', '=', toAddress)
      .where('createDate', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The codes asked for from one IP address since a time, oldest first (only their dates). */
  async datesForIpSince(requestIp: string, since: string, limit: number): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('verification_codes')
      .select('createDate')
      .where('requestIp', '=', requestIp)
      .where('createDate', '>', since)
      .orderBy('createDate', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.createDate);
  }

  /** Moves a code from one status to another; false when it no longer had the `from` status. */
  async changeStatus(recordId: string, from: number, to: number, updateDate: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('verification_codes')
      .set({ status: to, updateDate })
      .where('recordId', '=', recordId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Voids the still-sent codes of an address and type other than `keepRecordId`. */
  voidOtherSentCodes(
    toAddress: string,
    authCodeType: string,
    keepRecordId: string,
    updateDate: string,
  ): Promise<unknown> {
    return this.#db
      .updateTable('verification_codes')
      .set({ status: CodeStatus.Void, updateDate })
      .where('toAddress', '=', toAddress)
      .where('authCodeType', '=', authCodeType)
      .where('status', '=', CodeStatus.Sent)
      .where('recordId', '!=', keepRecordId)
      .execute();
  }

  /**
   * Takes one of the code's tries before it is compared, in one conditional UPDATE, so parallel
   * guesses queue on the row and never more than `maxTries` are compared. Answers the tries taken,
   * or null when none was left (or the code is no longer waiting).
   */
  async takeTry(recordId: string, maxTries: number, updateDate: string): Promise<number | null> {
    const row = await this.#db
      .updateTable('verification_codes')
      .set((eb) => ({ failedCount: eb('failedCount', '+', 1), updateDate }))
      .where('recordId', '=', recordId)
      .where('status', '=', CodeStatus.Sent)
      .where('failedCount', '<', maxTries)
      .returning('failedCount')
      .executeTakeFirst();
    return row?.failedCount ?? null;
  }

  /** Gives back the try of a right code: only wrong tries count. */
  async giveBackTry(recordId: string, updateDate: string): Promise<void> {
    await this.#db
      .updateTable('verification_codes')
      .set((eb) => ({ failedCount: eb('failedCount', '-', 1), updateDate }))
      .where('recordId', '=', recordId)
      .where('failedCount', '>', 0)
      .execute();
  }

  /** The newest outbox messages first, of one address when given. */
  latestOutboxMessages(limit: number, toAddress?: string): Promise<OutboxMessageRow[]> {
    let query = this.#db.selectFrom('outbox_messages').selectAll();
    if (toAddress) query = query.where('toAddress', '=', toAddress);
    return query.orderBy('createDate', 'desc').orderBy('recordId', 'desc').limit(limit).execute();
  }

  insertOutboxMessage(message: NewRow<'outbox_messages'>): Promise<unknown> {
    return this.#db.insertInto('outbox_messages').values(message).execute();
  }

  /** Removes outbox messages and codes created before `before`; answers how many of each. */
  async sweep(before: string): Promise<{ outbox: number; codes: number }> {
    const outbox = await this.#db.deleteFrom('outbox_messages').where('createDate', '<', before).executeTakeFirst();
    const codes = await this.#db.deleteFrom('verification_codes').where('createDate', '<', before).executeTakeFirst();
    return { outbox: Number(outbox.numDeletedRows), codes: Number(codes.numDeletedRows) };
  }

  latestOutboxMessage(toAddress: string): Promise<OutboxMessageRow | undefined> {
    return this.#db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('toAddress', '=', toAddress)
      .orderBy('createDate', 'desc')
      .orderBy('recordId', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
