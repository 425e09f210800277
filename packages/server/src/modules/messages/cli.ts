// `tessera admin outbox [--to <address>] [--limit <n>]`: the messages the embedded default kept instead
// of sending (every text message, and e-mail without SMTP_URL), newest first — where a newcomer finds
// the verification code the sign-up page asked for.
import { parseArgs, type OptionKinds } from '../../cli/args';
import { UsageError } from '../../cli/errors';
import { formatTable } from '../../cli/table';
import { normalizeAddress } from './codes';
import type { MessageRepo, OutboxMessageRow } from './repo';

export const OUTBOX_USAGE = `Usage: tessera admin outbox [--to <address>] [--limit <n>]

Lists the newest messages kept in the outbox (10 unless --limit, at most 200), with the
verification code each one carries.

Example:
  tessera admin outbox --to newcomer@example.com`;

const OPTIONS = { to: 'string', limit: 'string', help: 'boolean' } as const satisfies OptionKinds;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 200;

export type OutboxCliContext = { repo: Pick<MessageRepo, 'latestOutboxMessages'>; print: (text: string) => void };

const codeIn = (body: string): string => /\b(\d{6})\b/.exec(body)?.[1] ?? '';

function table(messages: readonly OutboxMessageRow[]): string {
  return formatTable(
    ['SENT', 'TO', 'CODE', 'SUBJECT'],
    messages.map((message) => [message.createDate, message.toAddress, codeIn(message.body), message.subject]),
  );
}

export async function runOutboxCommand(argv: readonly string[], { repo, print }: OutboxCliContext): Promise<void> {
  const { options, positionals } = parseArgs(argv, OPTIONS);
  if (options.help === true) return print(OUTBOX_USAGE);
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  const limit = typeof options.limit === 'string' ? Number(options.limit) : DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new UsageError(`--limit takes a whole number from 1 to ${MAX_LIMIT}`);
  const to = typeof options.to === 'string' ? (normalizeAddress(options.to)?.address ?? options.to) : undefined;
  const messages = await repo.latestOutboxMessages(limit, to);
  print(messages.length === 0 ? `no messages in the outbox${to ? ` for ${to}` : ''}` : table(messages));
}
