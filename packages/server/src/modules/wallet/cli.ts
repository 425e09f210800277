// `tessera admin wallet grant|reconcile|freeze|unfreeze` (DOMAIN §7.1, §7.2). The rules live in
// WalletAdmin and AccountService; this file reads the command line and prints.
import type { OptionKinds } from '../../cli/args';
import { CliError, UsageError } from '../../cli/errors';
import { inEnglish, runCommandFamily, type CommandFamily } from '../../cli/command';
import { AppError } from '../../platform/errors';
import type { IdentityService } from '../identity';
import type { AccountService } from './accounts';
import type { WalletAdmin } from './admin';
import type { Difference } from './ledger';
import { centsToText, parseAmount } from './money';

export const WALLET_USAGE = `Usage: tessera admin wallet <command> [options]

Commands:
  grant <userId|username> <amount> --remark <text>
                                         give coins from the platform issuance account (a type 4
                                         record); amount like 100 or 12.50
  reconcile                              recompute every balance from the ledger entries and check
                                         each record; exits 1 when anything differs
  freeze <userId|username>               the account neither pays nor receives
  unfreeze <userId|username>

Example:
  tessera admin wallet grant alice 500 --remark "Prize of the March writing contest"`;

const OPTIONS = { remark: 'string', help: 'boolean' } as const satisfies OptionKinds;

export type WalletCliContext = {
  admin: WalletAdmin;
  accounts: AccountService;
  identity: Pick<IdentityService, 'resolveUser'>;
  print: (text: string) => void;
};

function userArgument(positionals: readonly string[], command: string, count: number): string {
  const ref = positionals[1];
  if (!ref) throw new UsageError(`${command} needs a user id or username`);
  if (positionals.length > count) throw new UsageError(`unexpected arguments: ${positionals.slice(count).join(' ')}`);
  return ref;
}

function describe(difference: Difference): string {
  switch (difference.kind) {
    case 'balance':
      return `account ${difference.accountId} (${difference.accountName}): balance ${centsToText(difference.balance)}, entries sum to ${centsToText(difference.entries)}`;
    case 'record':
      return `record ${difference.recordId} (amount ${centsToText(difference.amount)}): ${difference.entryCount} entries summing to ${centsToText(difference.entrySum)}`;
    case 'entry':
      return `entry ${difference.entryId} of record ${difference.recordId}: after − before ≠ amount`;
    case 'total':
      return `all balances sum to ${centsToText(difference.total)}, not 0.00`;
  }
}

async function runCommand(
  positionals: readonly string[],
  options: Record<string, string | boolean>,
  { admin, accounts, identity, print }: WalletCliContext,
): Promise<void> {
  const [command] = positionals;
  switch (command) {
    case 'grant': {
      const ref = userArgument(positionals, 'grant', 3);
      const amountText = positionals[2];
      if (amountText === undefined)
        throw new UsageError('grant needs an amount: tessera admin wallet grant <user> <amount>');
      const cents = parseAmount(amountText);
      if (cents === null || cents === 0)
        throw new UsageError(`'${amountText}' is not an amount above 0 with at most 2 decimals`);
      const remark = typeof options.remark === 'string' ? options.remark.trim() : '';
      if (!remark) throw new UsageError('grant needs --remark <text>: why the coins are given');
      const user = await identity.resolveUser(ref);
      const { transfer, account } = await admin.grant(user.userId, cents, remark);
      print(
        `Granted ${centsToText(cents)} to ${user.username} (account ${account.accountId}): record ${transfer.record.recordId}, balance now ${centsToText(account.balance)}.`,
      );
      return;
    }
    case 'reconcile': {
      if (positionals.length > 1) throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
      const { accounts: accountCount, records, differences } = await admin.reconcile();
      print(`Checked ${accountCount} accounts and ${records} records.`);
      if (differences.length === 0) {
        print('No difference: every balance equals the sum of its entries and every record sums to zero.');
        return;
      }
      for (const difference of differences) print(describe(difference));
      throw new CliError(`${differences.length} difference(s) found`);
    }
    case 'freeze':
    case 'unfreeze': {
      const user = await identity.resolveUser(userArgument(positionals, command, 2));
      const account = await accounts.setFrozen(user.userId, command === 'freeze');
      print(`${command === 'freeze' ? 'Froze' : 'Unfroze'} the account ${account.accountId} of ${user.username}.`);
      return;
    }
    default:
      throw new UsageError(command ? `unknown wallet command '${command}'\n\n${WALLET_USAGE}` : WALLET_USAGE);
  }
}

const COMMANDS: CommandFamily<WalletCliContext> = {
  usage: WALLET_USAGE,
  options: OPTIONS,
  run: runCommand,
  explain: (error) => (error instanceof AppError ? inEnglish(error.messageKey, error.params) : undefined),
};

/** Runs one wallet command; bad input and refusals end in a CliError with a readable message. */
export const runWalletCommand = (argv: readonly string[], context: WalletCliContext): Promise<void> =>
  runCommandFamily(COMMANDS, argv, context);
