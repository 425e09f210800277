// `npm start`: install what is missing, build the web app if needed, then run the server on
// the embedded default (SQLite + local files + demo data) unless the environment says otherwise.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWeb, ensureInstalled, root } from './lib/prepare.mjs';

ensureInstalled();
if (buildWeb() !== 0) process.exit(1);

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts'), 'start'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
