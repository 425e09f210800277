// GET /v2/statistics/transactions/common (DOMAIN §7.5, ours for the shape): the caller's income and
// spending per day of the platform time zone over a range (every day listed, quiet ones as 0.00), and the
// dashboard's contract income figures (all time, the last 7 days, how many contracts paid in them).
import { isDate } from '@tessera/domain';
import type { TransactionStatisticsQuery, TransactionStatisticsWire } from '@tessera/contract/wallet';
import type { Clock } from '../../platform/clock';
import { badParam } from '../../platform/errors';
import { TransactionType } from './ledger';
import { centsToText } from './money';
import type { LineFilter, StatementRepo } from './statement-repo';
import type { StatementService } from './statements';

const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;
/** The default range: the 30 days up to endDate. */
const DEFAULT_DAYS = 30;
export const MAX_STATISTICS_DAYS = 366;
const LAST_DAYS = 7;

export type StatisticsDeps = {
  repo: StatementRepo;
  statements: Pick<StatementService, 'ownerAccount'>;
  clock: Clock;
  utcOffsetMinutes: number;
};

export class TransactionStatistics {
  readonly #deps: StatisticsDeps;

  constructor(deps: StatisticsDeps) {
    this.#deps = deps;
  }

  async common(callerId: number, query: TransactionStatisticsQuery): Promise<TransactionStatisticsWire> {
    const account = await this.#deps.statements.ownerAccount(callerId, query.ownerType ?? 1, query.ownerId);
    const { beginDate, endDate } = this.#range(query);
    const subjects: LineFilter = {};
    if (query.objectId?.trim()) subjects.subjectId = query.objectId.trim();
    if (query.objectType !== undefined) subjects.subjectType = query.objectType;
    const onSubjects = Object.keys(subjects).length > 0;

    const entries = await this.#deps.repo.amounts(account.accountId, {
      ...subjects,
      ...(onSubjects ? { transactionType: TransactionType.ContractPayment } : {}),
      createdFrom: this.#midnight(beginDate).toISOString(),
      createdBefore: this.#midnight(nextDay(endDate)).toISOString(),
    });
    const days = new Map<string, { income: number; spending: number }>();
    for (let day = beginDate; day <= endDate; day = nextDay(day)) days.set(day, { income: 0, spending: 0 });
    for (const entry of entries) {
      const totals = days.get(this.#dayOf(entry.createDate));
      if (!totals) continue;
      if (entry.amount > 0) totals.income += entry.amount;
      else totals.spending -= entry.amount;
    }

    const received: LineFilter = { ...subjects, transactionType: TransactionType.ContractPayment, amountMin: 1 };
    const today = this.#dayOf(this.#deps.clock.now().toISOString());
    const lastDays = await this.#deps.repo.amounts(account.accountId, {
      ...received,
      createdFrom: this.#midnight(shiftDay(today, 1 - LAST_DAYS)).toISOString(),
    });
    const contracts = new Set(lastDays.map((entry) => contractIdOf(entry.attachInfo)));
    const sum = (key: 'income' | 'spending') => [...days.values()].reduce((total, day) => total + day[key], 0);
    return {
      totalIncome: centsToText(await this.#deps.repo.sum(account.accountId, received)),
      incomeLast7Days: centsToText(lastDays.reduce((total, entry) => total + entry.amount, 0)),
      contractCountLast7Days: contracts.size,
      beginDate,
      endDate,
      income: centsToText(sum('income')),
      spending: centsToText(sum('spending')),
      days: [...days].map(([date, totals]) => ({
        date,
        income: centsToText(totals.income),
        spending: centsToText(totals.spending),
      })),
    };
  }

  #range(query: TransactionStatisticsQuery): { beginDate: string; endDate: string } {
    const endDate = query.endDate ?? this.#dayOf(this.#deps.clock.now().toISOString());
    if (!isDate(endDate)) throw badParam('endDate', 'format', 'errors.param.dateTime');
    const beginDate = query.beginDate ?? shiftDay(endDate, 1 - DEFAULT_DAYS);
    if (!isDate(beginDate)) throw badParam('beginDate', 'format', 'errors.param.dateTime');
    if (beginDate > endDate) throw badParam('beginDate', 'range', 'wallet.param.dateRange');
    const days = (Date.parse(endDate) - Date.parse(beginDate)) / DAY_MS + 1;
    if (days > MAX_STATISTICS_DAYS)
      throw badParam('beginDate', 'range', 'wallet.param.tooManyDays', { limit: MAX_STATISTICS_DAYS });
    return { beginDate, endDate };
  }

  /** 00:00 of the platform day `YYYY-MM-DD`, as a UTC moment. */
  #midnight(day: string): Date {
    return new Date(Date.parse(`${day}T00:00:00.000Z`) - this.#deps.utcOffsetMinutes * MINUTE_MS);
  }

  /** The platform day of an ISO UTC time. */
  #dayOf(iso: string): string {
    return new Date(Date.parse(iso) + this.#deps.utcOffsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
  }
}

/** `YYYY-MM-DD` moved by whole days. */
function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  return shiftDay(day, 1);
}

function contractIdOf(attachInfo: string): string {
  const parsed = JSON.parse(attachInfo) as { contractId?: unknown };
  return typeof parsed.contractId === 'string' ? parsed.contractId : '';
}
