// Statements, records and the transaction statistics (API.md §3.12, §3.16, the /v3 income calls; DOMAIN
// §7.5). Login only; each reads the caller's own account (another's answers as an unknown one).
import type { FastifyInstance } from 'fastify';
import { Envelope, PageOf } from '@tessera/contract/common';
import {
  OwnerRecordsQuery,
  RecordParams,
  StatementLineWire,
  StatementParams,
  StatementQuery,
  TransactionRecordWire,
  TransactionStatisticsQuery,
  TransactionStatisticsWire,
} from '@tessera/contract/wallet';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { StatementService } from './statements';
import type { TransactionStatistics } from './statistics';

const tags = ['wallet'];
const FILTERS =
  'Dates: YYYY-MM-DD (an end date includes its whole day) or YYYY-MM-DD HH:mm[:ss] in the platform time zone, or ISO with a zone. Amounts are signed from the caller’s side. keywords: digest, remark, the other party’s name, the contract name.';

export function registerStatementRoutes(
  app: FastifyInstance,
  { statements, transactionStatistics }: { statements: StatementService; transactionStatistics: TransactionStatistics },
): void {
  app.get<{ Params: StatementParams; Querystring: StatementQuery }>(
    '/v2/transactions/details/:accountId',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The statement of the caller’s account: one line per ledger entry, newest first',
        description: `Another user’s or an unknown account: errCode 2. ${FILTERS}`,
        params: StatementParams,
        querystring: StatementQuery,
        response: { 200: Envelope(PageOf(StatementLineWire)) },
      },
    },
    async (request) =>
      success(await statements.statement(loggedInUser(request).userId, request.params.accountId, request.query)),
  );

  app.get<{ Params: RecordParams }>(
    '/v2/transactions/records/:recordId',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'A transaction record from the caller’s side (payer or payee only)',
        description: 'Anyone else, or an unknown record: errCode 2.',
        params: RecordParams,
        response: { 200: Envelope(TransactionRecordWire) },
      },
    },
    async (request) => success(await statements.record(loggedInUser(request).userId, request.params.recordId)),
  );

  app.get<{ Querystring: OwnerRecordsQuery }>(
    '/v3/transactions/records',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The records of the caller’s account (ownerType 1, ownerId the caller’s user id), newest first',
        description: `Another user: errCode 3; ownerType 2 or 3: errCode 2 (no such accounts yet). businessType ContractRoutinePayment is a contract payment. ${FILTERS}`,
        querystring: OwnerRecordsQuery,
        response: { 200: Envelope(PageOf(TransactionRecordWire)) },
      },
    },
    async (request) => success(await statements.ownerRecords(loggedInUser(request).userId, request.query)),
  );

  app.get<{ Querystring: TransactionStatisticsQuery }>(
    '/v2/statistics/transactions/common',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Income and spending per platform day, and the dashboard’s contract income figures',
        description:
          'ownerId: the caller’s user id (another: errCode 3). beginDate and endDate are platform days (default the 30 days to today, at most 366). objectId / objectType narrow everything to contract payments on such subjects.',
        querystring: TransactionStatisticsQuery,
        response: { 200: Envelope(TransactionStatisticsWire) },
      },
    },
    async (request) => success(await transactionStatistics.common(loggedInUser(request).userId, request.query)),
  );
}
