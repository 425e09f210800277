// Tests of `tessera admin …` commands (tests only): run one with its printed lines collected.
import { CliError } from './errors';

type Command = (argv: readonly string[], print: (text: string) => void) => Promise<void>;

export function cliRunner(command: Command) {
  const run = async (...argv: string[]): Promise<string> => {
    const output: string[] = [];
    await command(argv, (text) => void output.push(text));
    return output.join('\n');
  };
  /** The CliError a command must end with. */
  const failure = (...argv: string[]): Promise<CliError> =>
    run(...argv).then(
      () => {
        throw new Error(`expected ${argv.join(' ')} to fail`);
      },
      (error: unknown) => {
        if (!(error instanceof CliError)) throw error;
        return error;
      },
    );
  return { run, failure };
}
