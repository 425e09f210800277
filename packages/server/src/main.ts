// Entry point of the `tessera` command (bin/tessera.mjs runs this file through tsx).
import { runCli } from './cli/run';

// A reader that goes away (`tessera admin outbox | head`, a closed terminal) ends our output, not the process.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const exitCode = await runCli(process.argv.slice(2), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  env: process.env,
  cwd: process.cwd(),
});
if (exitCode !== null) process.exitCode = exitCode;
