// `tessera admin contract list|show|exception set|exception clear`: operators look at contracts and
// set or clear an exception (DOMAIN §3.6 step 6). The rules live in ContractAdmin; this file reads
// the command line and prints.
import { ContractStatus, contractDisplayState } from '@tessera/domain';
import type { OptionKinds } from '../../cli/args';
import { runCommandFamily, type CommandFamily } from '../../cli/command';
import { UsageError } from '../../cli/errors';
import { formatTable } from '../../cli/table';
import { AppError } from '../../platform/errors';
import type { ContractAdmin, ContractDetails } from './admin';
import type { ContractRow } from './repo';

export const CONTRACT_USAGE = `Usage: tessera admin contract <command> [options]

Commands:
  list [--status in-force|ended|exception] [--limit <n>]
                                         the newest contracts (50 unless --limit, at most 1000)
                                         with their state, status and parties
  show <contractId>                      one contract: parties, policy, state, its last 20
                                         transitions and its time events (attempts, last error)
  exception set <contractId>             put a contract in exception: it grants nothing and
                                         accepts no events; its waiting time events are cancelled
  exception clear <contractId>           put it back in force in the state it was in; that
                                         state's time events are scheduled again (one already
                                         due fires at once, dated at its due date)

Example:
  tessera admin contract list --status exception`;

const OPTIONS = { status: 'string', limit: 'string', help: 'boolean' } as const satisfies OptionKinds;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

const STATUS_NAMES: Record<string, number> = {
  'in-force': ContractStatus.InForce,
  ended: ContractStatus.Terminated,
  exception: ContractStatus.Exception,
};
const statusName = (status: number): string =>
  Object.entries(STATUS_NAMES).find(([, value]) => value === status)?.[0] ?? String(status);
const EVENT_STATUS_NAMES: Record<number, string> = { 1: 'waiting', 2: 'fired', 3: 'cancelled', 4: 'failed' };

export type ContractCliContext = {
  contractAdmin: ContractAdmin;
  print: (text: string) => void;
};

/** What an operator is told instead of the service's error. */
const PROBLEMS: Record<string, (contractId: string) => string> = {
  'contracts.notFound': (id) => `no contract with id '${id}'`,
  'contracts.exception.ended': (id) => `contract ${id} has ended: only a contract in force can be put in exception`,
  'contracts.exception.already': (id) => `contract ${id} is already in exception`,
  'contracts.exception.notSet': (id) => `contract ${id} is not in exception`,
};

function listTable(contracts: readonly ContractRow[]): string {
  return formatTable(
    ['CONTRACT ID', 'STATUS', 'STATE', 'AUTH', 'SUBJECT', 'LICENSEE', 'SIGNED', 'NAME'],
    contracts.map((contract) => [
      contract.contractId,
      statusName(contract.status),
      contract.fsmCurrentState,
      contractDisplayState(contract.status, contract.authStatus),
      contract.subjectName,
      contract.licenseeName,
      contract.createDate.slice(0, 10),
      contract.contractName,
    ]),
  );
}

function details({ contract, recordCount, records, events }: ContractDetails): string {
  const facts = [
    `Contract ${contract.contractId} (${contract.contractName})`,
    `  status:    ${statusName(contract.status)}, ${contractDisplayState(contract.status, contract.authStatus)} (authStatus ${contract.authStatus})`,
    `  state:     ${contract.fsmCurrentState} since ${contract.fsmStateEnterDate}${contract.fsmRunningStatus === 8 ? ' (final)' : ''}`,
    `  subject:   ${contract.subjectName} (${contract.subjectId})`,
    `  licensor:  ${contract.licensorName} (${contract.licensorId}), owner ${contract.licensorOwnerName}`,
    `  licensee:  ${contract.licenseeName} (${contract.licenseeId}), owner ${contract.licenseeOwnerName}`,
    `  policy:    ${contract.policyId}`,
    `  signed:    ${contract.createDate}`,
  ];
  const shown = recordCount > records.length ? `, the last ${records.length}` : '';
  const history = formatTable(
    ['DATE', 'FROM', 'TO', 'EVENT'],
    records.map((record) => [record.createDate, record.fromState, record.toState, record.eventId]),
  );
  const timers =
    events.length === 0
      ? 'No time events waiting.'
      : formatTable(
          ['DUE', 'EVENT', 'CODE', 'STATUS', 'ATTEMPTS', 'RUN AFTER', 'LAST ERROR'],
          events.map((event) => [
            event.dueDate,
            event.eventId,
            event.code,
            EVENT_STATUS_NAMES[event.status] ?? String(event.status),
            String(event.attempts),
            event.status === 1 ? event.runAfter : '-',
            event.lastError || '-',
          ]),
        );
  return [
    ...facts,
    '',
    `History (${recordCount} transition${recordCount === 1 ? '' : 's'}${shown}):`,
    history,
    '',
    'Time events:',
    timers,
  ].join('\n');
}

function contractArgument(positionals: readonly string[], at: number, command: string): string {
  const contractId = positionals[at];
  if (!contractId)
    throw new UsageError(`${command} needs a contract id: tessera admin contract ${command} <contractId>`);
  if (positionals.length > at + 1) throw new UsageError(`unexpected arguments: ${positionals.slice(at + 1).join(' ')}`);
  return contractId;
}

function listFilter(options: Record<string, string | boolean>): { status?: number; limit: number } {
  const status = typeof options.status === 'string' ? STATUS_NAMES[options.status] : undefined;
  if (typeof options.status === 'string' && status === undefined)
    throw new UsageError(`--status must be one of ${Object.keys(STATUS_NAMES).join(', ')}`);
  const limit = typeof options.limit === 'string' ? Number(options.limit) : DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return { ...(status === undefined ? {} : { status }), limit };
}

async function runCommand(
  positionals: readonly string[],
  options: Record<string, string | boolean>,
  { contractAdmin, print }: ContractCliContext,
): Promise<void> {
  const [command, action] = positionals;
  if (command !== 'list' && (options.status !== undefined || options.limit !== undefined))
    throw new UsageError('--status and --limit belong to list');
  switch (command) {
    case 'list': {
      if (positionals.length > 1) throw new UsageError('list takes no arguments');
      const contracts = await contractAdmin.list(listFilter(options));
      print(contracts.length === 0 ? 'No contracts.' : listTable(contracts));
      return;
    }
    case 'show':
      print(details(await contractAdmin.show(contractArgument(positionals, 1, 'show'))));
      return;
    case 'exception': {
      if (action === 'set') {
        const contract = await contractAdmin.setException(contractArgument(positionals, 2, 'exception set'));
        print(
          `Contract ${contract.contractId} is in exception: it grants nothing and accepts no events until cleared.`,
        );
        return;
      }
      if (action === 'clear') {
        const contract = await contractAdmin.clearException(contractArgument(positionals, 2, 'exception clear'));
        print(
          `Contract ${contract.contractId} is in force again in state ${contract.fsmCurrentState}; its time events are scheduled.`,
        );
        return;
      }
      throw new UsageError(`exception needs set or clear: tessera admin contract exception set|clear <contractId>`);
    }
    default:
      throw new UsageError(command ? `unknown contract command '${command}'\n\n${CONTRACT_USAGE}` : CONTRACT_USAGE);
  }
}

const COMMANDS: CommandFamily<ContractCliContext> = {
  usage: CONTRACT_USAGE,
  options: OPTIONS,
  run: runCommand,
  explain: (error, positionals) =>
    error instanceof AppError ? PROBLEMS[error.messageKey]?.(positionals.at(-1) ?? '') : undefined,
};

/** Runs one contract command; bad input ends in a CliError with a readable message. */
export const runContractCommand = (argv: readonly string[], context: ContractCliContext): Promise<void> =>
  runCommandFamily(COMMANDS, argv, context);
