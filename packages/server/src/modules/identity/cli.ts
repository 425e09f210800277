// `tessera admin user list|freeze|unfreeze`: operators freeze and unfreeze users (DOMAIN §3.8).
// The rules live in IdentityService; this file reads the command line and prints.
import type { OptionKinds } from '../../cli/args';
import { describeFieldIssues, runCommandFamily, type CommandFamily } from '../../cli/command';
import { UsageError } from '../../cli/errors';
import { formatTable } from '../../cli/table';
import { AppError, BadParamsError } from '../../platform/errors';
import { UserStatus } from '../../platform/session';
import type { UserWithReason } from './repo';
import type { IdentityService } from './service';

export const USER_USAGE = `Usage: tessera admin user <command> [options]

Commands:
  list                                   every user, with status and freeze reason
  freeze <userId|username> --reason <text>
                                         freeze a user (ends all of their sessions); the reason
                                         is shown to them on the freeze page
  unfreeze <userId|username>             give a frozen user their account back

Example:
  tessera admin user freeze mallory --reason "Repeatedly published infringing resources"`;

const OPTIONS = { reason: 'string', help: 'boolean' } as const satisfies OptionKinds;

export type UserCliContext = {
  identity: IdentityService;
  print: (text: string) => void;
};

const STATUS_TEXT: Record<number, string> = { [UserStatus.Normal]: 'normal', [UserStatus.Frozen]: 'frozen' };

function tableOf(users: readonly UserWithReason[]): string {
  return formatTable(
    ['USER ID', 'USERNAME', 'E-MAIL', 'MOBILE', 'STATUS', 'CREATED', 'REASON'],
    users.map((user) => [
      String(user.userId),
      user.username,
      user.email || '-',
      user.mobile || '-',
      STATUS_TEXT[user.status] ?? String(user.status),
      user.createDate.slice(0, 10),
      user.reason,
    ]),
  );
}

function userArgument(positionals: readonly string[], command: string): string {
  const ref = positionals[1];
  if (!ref)
    throw new UsageError(`${command} needs a user id or username: tessera admin user ${command} <userId|username>`);
  if (positionals.length > 2) throw new UsageError(`unexpected arguments: ${positionals.slice(2).join(' ')}`);
  return ref;
}

async function runCommand(
  positionals: readonly string[],
  options: Record<string, string | boolean>,
  { identity, print }: UserCliContext,
): Promise<void> {
  const [command] = positionals;
  const reason = typeof options.reason === 'string' ? options.reason : undefined;
  if (reason !== undefined && command !== 'freeze') throw new UsageError('--reason belongs to freeze');
  switch (command) {
    case 'list': {
      if (positionals.length > 1) throw new UsageError('list takes no arguments');
      const users = await identity.listUsers();
      print(users.length === 0 ? 'No users yet.' : tableOf(users));
      return;
    }
    case 'freeze': {
      const user = await identity.resolveUser(userArgument(positionals, 'freeze'));
      if (reason === undefined) throw new UsageError('freeze needs --reason <text>');
      await identity.freezeUser(user.userId, reason);
      print(`Froze user ${user.userId} (${user.username}); their sessions have ended.`);
      return;
    }
    case 'unfreeze': {
      const user = await identity.resolveUser(userArgument(positionals, 'unfreeze'));
      await identity.unfreezeUser(user.userId);
      print(`Unfroze user ${user.userId} (${user.username}).`);
      return;
    }
    default:
      throw new UsageError(command ? `unknown user command '${command}'\n\n${USER_USAGE}` : USER_USAGE);
  }
}

const COMMANDS: CommandFamily<UserCliContext> = {
  usage: USER_USAGE,
  options: OPTIONS,
  run: runCommand,
  explain: (error, positionals) => {
    // The only field these commands take is the freeze reason.
    if (error instanceof BadParamsError) return describeFieldIssues(error.issues);
    if (error instanceof AppError && error.messageKey === 'accounts.userNotFound')
      return `no user with id or username '${positionals[1] ?? ''}'`;
    return undefined;
  },
};

/** Runs one user command; bad input ends in a CliError with a readable message. */
export const runUserCommand = (argv: readonly string[], context: UserCliContext): Promise<void> =>
  runCommandFamily(COMMANDS, argv, context);
