// Entry point of the `tessera` command (bin/tessera.mjs runs this file through tsx).
import { runCli } from './cli/run';

const exitCode = await runCli(process.argv.slice(2), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  env: process.env,
  cwd: process.cwd(),
});
if (exitCode !== null) process.exitCode = exitCode;
