// Tests of `tessera admin …` commands (tests only): run one with its printed lines collected.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors';
import { runCli } from './run';

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

/**
 * Runs `tessera …` as the command line does (every module's admin entry wired in) on a data directory
 * of its own, removed afterwards; answers the exit code and what was printed.
 */
export async function runCliInTempDir(
  ...argv: string[]
): Promise<{ code: number | null; output: string; errors: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  const output: string[] = [];
  const errors: string[] = [];
  try {
    const io = {
      env: { DATA_DIR: dataDir },
      cwd: dataDir,
      out: (text: string) => void output.push(text),
      err: (text: string) => void errors.push(text),
    };
    const code = await runCli(argv, io);
    return { code, output: output.join('\n'), errors: errors.join('\n') };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
