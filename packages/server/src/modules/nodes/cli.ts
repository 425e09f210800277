// `tessera admin node list|show|freeze|unfreeze` (DOMAIN §3.7). The rules live in NodeService; this
// file reads the command line and prints.
import type { OptionKinds } from '../../cli/args';
import { UsageError } from '../../cli/errors';
import { inEnglish, runCommandFamily, type CommandFamily } from '../../cli/command';
import { formatTable } from '../../cli/table';
import { AppError } from '../../platform/errors';
import { isNodeFrozen } from './queries';
import type { NodeRow } from './repo';
import type { NodeService } from './service';

export const NODE_USAGE = `Usage: tessera admin node <command> [options]

Commands:
  list                                   every node (deleted ones too), with owner and state
  show <nodeId|nodeDomain>               one node in full, with its site address and freeze reason
  freeze <nodeId|nodeDomain> --reason <text> [--remark <text>]
                                         freeze a node: its site shows a freeze notice and its
                                         exhibits stop answering; the reason is shown to everyone,
                                         the remark only to the owner
  unfreeze <nodeId|nodeDomain>           give a frozen node back to its owner

Example:
  tessera admin node freeze mist-gallery --reason "Exhibits infringing works"`;

const OPTIONS = { reason: 'string', remark: 'string', help: 'boolean' } as const satisfies OptionKinds;

export type NodeCliContext = {
  nodes: NodeService;
  print: (text: string) => void;
};

const VISIBILITY_TEXT: Record<number, string> = { 1: 'public', 2: 'private', 8: 'paused' };

function stateOf(node: NodeRow): string {
  if (node.isDeleted !== 0) return 'deleted';
  return isNodeFrozen(node) ? 'frozen' : 'normal';
}

function tableOf(nodes: readonly NodeRow[]): string {
  return formatTable(
    ['NODE ID', 'NAME', 'DOMAIN', 'OWNER', 'VISIBILITY', 'STATE', 'CREATED'],
    nodes.map((node) => [
      String(node.nodeId),
      node.nodeName,
      node.nodeDomain,
      `${node.ownerUserName} (${node.ownerUserId})`,
      VISIBILITY_TEXT[node.visibility] ?? String(node.visibility),
      stateOf(node),
      node.createDate.slice(0, 10),
    ]),
  );
}

function describe(node: NodeRow, nodes: NodeService): string {
  const wire = nodes.ownerView(node);
  const lines: [string, string][] = [
    ['Node', `${node.nodeId} ${node.nodeName}`],
    ['Domain', node.nodeDomain],
    ['Title', node.nodeTitle],
    ['Owner', `${node.ownerUserName} (${node.ownerUserId})`],
    ['Visibility', VISIBILITY_TEXT[node.visibility] ?? String(node.visibility)],
    ['State', stateOf(node)],
    ['Site', wire.nodeUrl],
    ['Test site', wire.nodeTestUrl],
    ['Created', node.createDate],
  ];
  if (node.nodeSuspendInfo) lines.push(['Pause notice', node.nodeSuspendInfo]);
  if (isNodeFrozen(node)) lines.push(['Freeze reason', node.freezeReason], ['Freeze remark', node.freezeRemark || '-']);
  return lines.map(([label, value]) => `${`${label}:`.padEnd(15)}${value}`).join('\n');
}

function nodeArgument(positionals: readonly string[], command: string): string {
  const ref = positionals[1];
  if (!ref)
    throw new UsageError(`${command} needs a node id or domain: tessera admin node ${command} <nodeId|nodeDomain>`);
  if (positionals.length > 2) throw new UsageError(`unexpected arguments: ${positionals.slice(2).join(' ')}`);
  return ref;
}

async function runCommand(
  positionals: readonly string[],
  options: Record<string, string | boolean>,
  { nodes, print }: NodeCliContext,
): Promise<void> {
  const [command] = positionals;
  const reason = typeof options.reason === 'string' ? options.reason.trim() : undefined;
  const remark = typeof options.remark === 'string' ? options.remark.trim() : undefined;
  if ((reason !== undefined || remark !== undefined) && command !== 'freeze')
    throw new UsageError('--reason and --remark belong to freeze');
  switch (command) {
    case 'list': {
      if (positionals.length > 1) throw new UsageError('list takes no arguments');
      const all = await nodes.listAll();
      print(all.length === 0 ? 'No nodes yet.' : tableOf(all));
      return;
    }
    case 'show': {
      print(describe(await nodes.resolveNode(nodeArgument(positionals, 'show')), nodes));
      return;
    }
    case 'freeze': {
      const node = await nodes.resolveNode(nodeArgument(positionals, 'freeze'));
      if (!reason) throw new UsageError('freeze needs --reason <text>: shown on the freeze page');
      if (reason.length > 200) throw new UsageError('--reason takes at most 200 characters');
      if ((remark ?? '').length > 500) throw new UsageError('--remark takes at most 500 characters');
      await nodes.freeze('operator', node.nodeId, { reason, ...(remark === undefined ? {} : { remark }) });
      print(`Froze node ${node.nodeId} (${node.nodeDomain}).`);
      return;
    }
    case 'unfreeze': {
      const node = await nodes.resolveNode(nodeArgument(positionals, 'unfreeze'));
      await nodes.unfreeze('operator', node.nodeId);
      print(`Unfroze node ${node.nodeId} (${node.nodeDomain}).`);
      return;
    }
    default:
      throw new UsageError(command ? `unknown node command '${command}'\n\n${NODE_USAGE}` : NODE_USAGE);
  }
}

const COMMANDS: CommandFamily<NodeCliContext> = {
  usage: NODE_USAGE,
  options: OPTIONS,
  run: runCommand,
  explain: (error) => (error instanceof AppError ? inEnglish(error.messageKey, error.params) : undefined),
};

/** Runs one node command; bad input and refusals end in a CliError with a readable message. */
export const runNodeCommand = (argv: readonly string[], context: NodeCliContext): Promise<void> =>
  runCommandFamily(COMMANDS, argv, context);
