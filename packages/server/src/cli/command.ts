// One family of operator commands (`tessera admin <family> …`): its options parsed strictly, `--help`
// or `help` printing its usage, and a refusal it knows turned into a readable CliError (no stack trace).
import { seedTexts } from '@tessera/domain/i18n-texts';
import type { FieldIssue } from '../platform/errors';
import { translatorFor, type MessageParams } from '../platform/messages';
import { parseArgs, type OptionKinds } from './args';
import { CliError } from './errors';

export type CommandOptions = Record<string, string | boolean>;

export type CommandFamily<Context extends { print: (text: string) => void }> = {
  usage: string;
  options: OptionKinds;
  /** Checks on the command line as a whole, before anything runs (throw a UsageError). */
  checkLine?: (positionals: readonly string[], options: CommandOptions) => void;
  run: (positionals: string[], options: CommandOptions, context: Context) => Promise<void>;
  /** The message for a refusal this family knows; undefined lets the error through as it is. */
  explain?: (error: unknown, positionals: readonly string[]) => string | undefined;
};

export async function runCommandFamily<Context extends { print: (text: string) => void }>(
  family: CommandFamily<Context>,
  argv: readonly string[],
  context: Context,
): Promise<void> {
  const { positionals, options } = parseArgs(argv, family.options);
  if (options.help || positionals[0] === 'help') {
    context.print(family.usage);
    return;
  }
  family.checkLine?.(positionals, options);
  try {
    await family.run(positionals, options, context);
  } catch (error) {
    const message = family.explain?.(error, positionals);
    if (message !== undefined) throw new CliError(message);
    throw error;
  }
}

/** Server messages in English, the operator's language. */
export const englishMessages = translatorFor(new Map(Object.entries(seedTexts)));

export function inEnglish(messageKey: string, params: MessageParams = {}): string {
  return englishMessages.translate(messageKey, 'en_US', params);
}

/** Field issues one per line, each under the option that carries the field. */
export function describeFieldIssues(
  issues: readonly FieldIssue[],
  optionOf: (field: string) => string = (field) => `--${field}`,
): string {
  return issues.map((issue) => `${optionOf(issue.field)}: ${inEnglish(issue.messageKey, issue.params)}`).join('\n');
}
