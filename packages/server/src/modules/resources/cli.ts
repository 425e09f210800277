// `tessera admin resource freeze|unfreeze`: operators freeze resources (DOMAIN §3.1). The rules live
// in ResourceService; this file reads the command line and prints.
import type { OptionKinds } from '../../cli/args';
import { describeFieldIssues, runCommandFamily, type CommandFamily } from '../../cli/command';
import { UsageError } from '../../cli/errors';
import { AppError, BadParamsError } from '../../platform/errors';
import type { ResourceService } from './service';

export const RESOURCE_USAGE = `Usage: tessera admin resource <command> [options]

Commands:
  freeze <resourceId|username/name> --reason <text> [--remark <text>]
                                         freeze a resource: it leaves the market and its owner can
                                         no longer change it; the reason is shown with it
  unfreeze <resourceId|username/name> [--reason <text>] [--remark <text>]
                                         give the resource back to its owner

Example:
  tessera admin resource freeze alice/sunset --reason "Infringes a photographer's copyright"`;

const OPTIONS = { reason: 'string', remark: 'string', help: 'boolean' } as const satisfies OptionKinds;

export type ResourceCliContext = {
  resources: ResourceService;
  print: (text: string) => void;
};

/** What an operator is told instead of the service's error. */
const PROBLEMS: Record<string, (ref: string) => string> = {
  'resources.notFound': (ref) => `no resource with id or name '${ref}'`,
  'resources.alreadyFrozen': (ref) => `resource '${ref}' is already frozen`,
  'resources.notFrozen': (ref) => `resource '${ref}' is not frozen`,
};

function resourceArgument(positionals: readonly string[], command: string): string {
  const ref = positionals[1];
  if (!ref)
    throw new UsageError(
      `${command} needs a resource id or username/name: tessera admin resource ${command} <resourceId|username/name>`,
    );
  if (positionals.length > 2) throw new UsageError(`unexpected arguments: ${positionals.slice(2).join(' ')}`);
  return ref;
}

async function runCommand(
  positionals: readonly string[],
  options: Record<string, string | boolean>,
  { resources, print }: ResourceCliContext,
): Promise<void> {
  const [command] = positionals;
  const reason = typeof options.reason === 'string' ? options.reason : undefined;
  const remark = typeof options.remark === 'string' ? options.remark : undefined;
  switch (command) {
    case 'freeze': {
      const ref = resourceArgument(positionals, 'freeze');
      if (reason === undefined) throw new UsageError('freeze needs --reason <text>');
      const row = await resources.freeze(ref, { reason, remark });
      print(
        `Froze resource ${row.resourceId} (${row.resourceName}): it has left the market and its owner can no longer change it.`,
      );
      return;
    }
    case 'unfreeze': {
      const row = await resources.unfreeze(resourceArgument(positionals, 'unfreeze'), { reason, remark });
      print(`Unfroze resource ${row.resourceId} (${row.resourceName}).`);
      return;
    }
    default:
      throw new UsageError(command ? `unknown resource command '${command}'\n\n${RESOURCE_USAGE}` : RESOURCE_USAGE);
  }
}

const COMMANDS: CommandFamily<ResourceCliContext> = {
  usage: RESOURCE_USAGE,
  options: OPTIONS,
  run: runCommand,
  explain: (error, positionals) => {
    const ref = positionals[1] ?? '';
    if (error instanceof BadParamsError) {
      const notFound = error.issues[0]?.field === 'resourceIdOrName';
      return notFound ? (PROBLEMS['resources.notFound']?.(ref) ?? ref) : describeFieldIssues(error.issues);
    }
    return error instanceof AppError ? PROBLEMS[error.messageKey]?.(ref) : undefined;
  },
};

/** Runs one resource command; bad input ends in a CliError with a readable message. */
export const runResourceCommand = (argv: readonly string[], context: ResourceCliContext): Promise<void> =>
  runCommandFamily(COMMANDS, argv, context);
