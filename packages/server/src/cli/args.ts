// A small, strict option parser: `--name value`, `--name=value`, boolean `--flag`, `--no-flag`,
// `--flag=true|false`. Unknown options are errors, so a typo never passes silently.
import { UsageError } from './errors';

export type OptionKinds = Record<string, 'string' | 'boolean'>;
export type ParsedArgs = { positionals: string[]; options: Record<string, string | boolean> };

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

export function parseArgs(argv: readonly string[], kinds: OptionKinds): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | boolean> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    let name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    let negated = false;
    if (kinds[name] === undefined && name.startsWith('no-') && kinds[name.slice(3)] === 'boolean') {
      name = name.slice(3);
      negated = true;
    }
    const kind = kinds[name];
    if (kind === undefined) throw new UsageError(`unknown option --${name}`);
    if (name in options) throw new UsageError(`option --${name} is given twice`);
    if (kind === 'boolean') {
      if (negated && inline !== undefined) throw new UsageError(`--no-${name} takes no value`);
      const value = inline === undefined ? !negated : BOOLEAN_WORDS[inline.toLowerCase()];
      if (value === undefined) throw new UsageError(`--${name} must be true or false (got '${inline ?? ''}')`);
      options[name] = value;
    } else {
      const value = inline ?? argv[index + 1];
      if (value === undefined || (inline === undefined && value.startsWith('--')))
        throw new UsageError(`option --${name} needs a value`);
      if (inline === undefined) index += 1;
      options[name] = value;
    }
  }
  return { positionals, options };
}
