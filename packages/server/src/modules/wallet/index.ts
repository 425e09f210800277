// Public surface of the wallet module (DOMAIN §2.24–§2.26, §2.30, §7): individual accounts and the
// issuance account, the pay password, the double-entry ledger (ledger.ts: the one writer of balances,
// records and entries), the daily sign-in, `tessera admin wallet …`. Every user has an account: the
// migration made them for users before it, the identity module's userCreated port makes one right
// after registration, and the wallet creates a missing one whenever it reads a user's account.
import { durationMs } from '../../platform/clock';
import { AttemptCounterRepo } from '../../platform/limits/counters';
import { AttemptLimiter } from '../../platform/limits/limiter';
import { defineModule } from '../../platform/modules';
import type { IdentityService } from '../identity';
import type { MessageService } from '../messages';
import { AccountService, PAY_LOCKED_KEY } from './accounts';
import { WalletAdmin } from './admin';
import { runWalletCommand } from './cli';
import { loadDemoWallets } from './demo';
import { Ledger } from './ledger';
import { walletTables } from './migrations/0015_wallet';
import { AccountRepo } from './repo';
import { registerWalletRoutes } from './routes';
import { SignInService } from './sign-in';
import { StatementRepo } from './statement-repo';
import { registerStatementRoutes } from './statement-routes';
import { StatementService } from './statements';
import { TransactionStatistics } from './statistics';

export type { AccountService } from './accounts';
export type { WalletAdmin } from './admin';
export type { StatementService } from './statements';
export type { TransactionStatistics } from './statistics';
export {
  TransactionType,
  type Ledger,
  type TransactionRecordRow,
  type LedgerEntryRow,
  type Transfer,
  type TransferOrder,
} from './ledger';
export { AccountStatus, AccountType, type AccountRow } from './repo';
export { centsToText, parseAmount } from './money';
export { DEMO_PAY_PASSWORD } from './demo';
export type {
  WalletAccountsTable,
  WalletLedgerEntriesTable,
  WalletSerialsTable,
  WalletSignInsTable,
  WalletTransactionRecordsTable,
} from './tables';

type WalletNeeds = {
  identity: Pick<IdentityService, 'findUser' | 'verifyUserPassword' | 'resolveUser'>;
  messages: Pick<MessageService, 'consumeCode'>;
};

export const walletModule = defineModule({
  name: 'wallet',
  services: ({ db, clock, config }, { identity, messages }: WalletNeeds) => {
    const counters = new AttemptCounterRepo(db);
    const walletLedger = new Ledger(clock);
    const walletAccounts = new AccountService({
      repo: new AccountRepo(db),
      users: identity,
      codes: messages,
      limiter: new AttemptLimiter(counters, clock, PAY_LOCKED_KEY),
      counters,
      clock,
    });
    const statementRepo = new StatementRepo(db);
    const statements = new StatementService({
      repo: statementRepo,
      accounts: walletAccounts,
      utcOffsetMinutes: config.utcOffsetMinutes,
    });
    return {
      walletLedger,
      walletAccounts,
      statements,
      transactionStatistics: new TransactionStatistics({
        repo: statementRepo,
        statements,
        clock,
        utcOffsetMinutes: config.utcOffsetMinutes,
      }),
      walletAdmin: new WalletAdmin(db, walletLedger, walletAccounts),
      signIns: new SignInService({
        db,
        ledger: walletLedger,
        accounts: walletAccounts,
        clock,
        utcOffsetMinutes: config.utcOffsetMinutes,
      }),
    };
  },
  ports: ({ walletAccounts }) => ({
    userCreated: { userCreated: (user) => walletAccounts.accountOfUser(user.userId).then(() => undefined) },
  }),
  routes: (app, { walletAccounts, signIns, statements, transactionStatistics }) => {
    registerWalletRoutes(app, { walletAccounts, signIns });
    registerStatementRoutes(app, { statements, transactionStatistics });
  },
  jobs: ({ walletAdmin }) => [
    {
      name: 'wallet:reconcile',
      everyMs: durationMs({ days: 1 }),
      run: async () => {
        const { accounts, records, differences } = await walletAdmin.reconcile();
        // A failed job is logged as an error: the operator runs `tessera admin wallet reconcile` for details.
        if (differences.length > 0) throw new Error(`ledger reconciliation: ${differences.length} difference(s)`);
        return { accounts, records };
      },
    },
  ],
  admin: {
    area: 'wallet',
    summary: 'grant coins, reconcile the ledger, freeze accounts',
    run: (argv, { walletAdmin, walletAccounts, identity }, { print }) =>
      runWalletCommand(argv, { admin: walletAdmin, accounts: walletAccounts, identity, print }),
  },
  demo: [{ name: 'demo:wallets', stage: 'services', load: loadDemoWallets }],
  migrations: { '0015_wallet': walletTables },
});
