// Statements and records (DOMAIN §2.25, §2.26, §7.5; API.md §3.12 and /v3/transactions/records): the
// caller's ledger lines, a record from either party's side, and an owner's records. Only the account's
// owner reads it: anyone else's account or record answers exactly as an unknown one (errCode 2), so ids
// reveal nothing. Every amount is signed from the caller's side; the other party is named.
import { ErrCode, type Page } from '@tessera/domain';
import {
  BUSINESS_TYPES,
  type OwnerRecordsQuery,
  type StatementLineWire,
  type StatementQuery,
  type TransactionRecordWire,
} from '@tessera/contract/wallet';
import { AppError, badParam } from '../../platform/errors';
import { parsePlatformDateTime } from '../../platform/time';
import type { AccountService } from './accounts';
import { centsToText, MAX_AMOUNT_CENTS } from './money';
import { AccountType, type AccountRow } from './repo';
import type { LineFilter, StatementLineRow, StatementRepo } from './statement-repo';

const DAY_MS = 24 * 3600_000;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SIGNED_AMOUNT = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;
const SERIAL_NO = /^\d{1,15}$/;
/** ownerType of /v3/transactions/records and the statistics: 1 a user (nodes and organisations: none yet). */
export const OWNER_USER = 1;

export type StatementDeps = {
  repo: StatementRepo;
  accounts: Pick<AccountService, 'accountOfUser'>;
  utcOffsetMinutes: number;
};

type Bounds = { from?: string; to?: string; min?: string; max?: string };
type BoundNames = { from: string; to: string; min: string; max: string };

export class StatementService {
  readonly #deps: StatementDeps;

  constructor(deps: StatementDeps) {
    this.#deps = deps;
  }

  /** GET /v2/transactions/details/{accountId}: the caller's account only. */
  async statement(callerId: number, accountId: string, query: StatementQuery): Promise<Page<StatementLineWire>> {
    const account = await this.#ownAccount(callerId);
    if (account.accountId !== accountId) throw accountNotFound();
    const filter = this.#filterOf(
      {
        from: query.startCreatedDate,
        to: query.endCreatedDate,
        min: query.amountStartPoint,
        max: query.amountEndPoint,
      },
      { from: 'startCreatedDate', to: 'endCreatedDate', min: 'amountStartPoint', max: 'amountEndPoint' },
    );
    if (query.serialNo !== undefined && query.serialNo.trim() !== '') {
      // A serial number that is not one matches nothing (as an unknown one does).
      filter.serialNo = SERIAL_NO.test(query.serialNo.trim()) ? Number(query.serialNo.trim()) : -1;
    }
    Object.assign(filter, {
      status: query.status,
      transactionType: query.transactionType,
      keywords: textOf(query.keywords),
    });
    const { totalItem, rows } = await this.#deps.repo.page(account.accountId, dropUndefined(filter), query);
    return { skip: query.skip, limit: query.limit, totalItem, dataList: rows.map(statementLineWire) };
  }

  /** GET /v2/transactions/records/{recordId}: either party, from the caller's side. */
  async record(callerId: number, recordId: string): Promise<TransactionRecordWire> {
    const account = await this.#ownAccount(callerId);
    const { rows } = await this.#deps.repo.page(account.accountId, { recordId }, { skip: 0, limit: 1 });
    const row = rows[0];
    if (!row) throw new AppError(ErrCode.Business, 'wallet.recordNotFound');
    return recordWire(row);
  }

  /** GET /v3/transactions/records: the records of the caller's account (ownerType 1, ownerId the caller). */
  async ownerRecords(callerId: number, query: OwnerRecordsQuery): Promise<Page<TransactionRecordWire>> {
    const account = await this.ownerAccount(callerId, query.ownerType, query.ownerId);
    const filter = this.#filterOf(
      {
        from: query.startTransactionDate,
        to: query.endTransactionDate,
        min: query.minTransactionAmount,
        max: query.maxTransactionAmount,
      },
      {
        from: 'startTransactionDate',
        to: 'endTransactionDate',
        min: 'minTransactionAmount',
        max: 'maxTransactionAmount',
      },
    );
    Object.assign(filter, {
      status: query.transactionStatus,
      transactionType: query.businessType === undefined ? undefined : BUSINESS_TYPES[query.businessType],
      keywords: textOf(query.keywords),
    });
    const { totalItem, rows } = await this.#deps.repo.page(account.accountId, dropUndefined(filter), query);
    return { skip: query.skip, limit: query.limit, totalItem, dataList: rows.map(recordWire) };
  }

  /** The account an (ownerType, ownerId) pair names: the caller's own (errCode 3 for another user). */
  async ownerAccount(callerId: number, ownerType: number, ownerId: string): Promise<AccountRow> {
    if (ownerType !== OWNER_USER) throw new AppError(ErrCode.Business, 'wallet.ownerTypeNotYet');
    if (ownerId.trim() !== String(callerId)) throw new AppError(ErrCode.Forbidden, 'wallet.notYourAccount');
    return this.#ownAccount(callerId);
  }

  async #ownAccount(callerId: number): Promise<AccountRow> {
    const account = await this.#deps.accounts.accountOfUser(callerId);
    if (account.accountType !== AccountType.Individual) throw accountNotFound();
    return account;
  }

  /** Date bounds on the platform calendar (a plain end date includes its whole day) and signed amounts. */
  #filterOf(bounds: Bounds, names: BoundNames): LineFilter {
    const filter: LineFilter = {};
    const from = textOf(bounds.from);
    const to = textOf(bounds.to);
    if (from !== undefined) filter.createdFrom = this.#moment(from, names.from).toISOString();
    if (to !== undefined) {
      const end = this.#moment(to, names.to).getTime();
      filter.createdBefore = new Date(end + (PLAIN_DATE.test(to) ? DAY_MS : 1)).toISOString();
    }
    if (bounds.min !== undefined) filter.amountMin = signedCents(bounds.min, names.min);
    if (bounds.max !== undefined) filter.amountMax = signedCents(bounds.max, names.max);
    return filter;
  }

  #moment(text: string, field: string): Date {
    const date = parsePlatformDateTime(text, this.#deps.utcOffsetMinutes);
    if (!date) throw badParam(field, 'format', 'errors.param.dateTime');
    return date;
  }
}

export function accountNotFound(): AppError {
  return new AppError(ErrCode.Business, 'wallet.accountNotFound');
}

function textOf(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** "-30", "12.5", "100.00" → signed cents (the schema has checked the shape). */
function signedCents(text: string, field: string): number {
  const match = SIGNED_AMOUNT.exec(text.trim());
  const cents = match ? Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0')) : NaN;
  if (!match || !(cents <= MAX_AMOUNT_CENTS)) throw badParam(field, 'format', 'wallet.param.amount');
  return match[1] === '-' ? -cents : cents;
}

function parsedAttachInfo(text: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

/** The fields a line and a record share, from the caller's side. */
function sidesOf(row: StatementLineRow) {
  return {
    accountId: row.accountId,
    accountName: row.accountName,
    accountType: row.accountType,
    reciprocalAccountId: row.reciprocalAccountId,
    reciprocalAccountName: row.reciprocalAccountName,
    reciprocalAccountType: row.reciprocalAccountType,
    transactionAmount: centsToText(row.amount),
    transactionType: row.transactionType,
    remark: row.remark,
    digest: row.digest,
    attachInfo: parsedAttachInfo(row.attachInfo),
    status: row.status,
    // Records are never changed (DOMAIN §7.2.3).
    createDate: row.createDate,
    updateDate: row.createDate,
  };
}

export function statementLineWire(row: StatementLineRow): StatementLineWire {
  return {
    serialNo: String(row.serialNo),
    transactionRecordId: row.recordId,
    ...sidesOf(row),
    beforeBalance: centsToText(row.beforeBalance),
    afterBalance: centsToText(row.afterBalance),
  };
}

export function recordWire(row: StatementLineRow): TransactionRecordWire {
  return {
    recordId: row.recordId,
    transactionRecordId: row.recordId,
    ...sidesOf(row),
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    authorizationType: row.authorizationType,
  };
}
