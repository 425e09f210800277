// `npm start`: install what is missing, build the web app and compile the server if needed, then run
// the compiled server on the embedded default (SQLite + local files + demo data) unless the
// environment says otherwise. `npx tessera` runs the TypeScript sources through tsx instead.
import { spawn } from 'node:child_process';
import { buildServer, buildWeb, ensureInstalled, root, SERVER_BUNDLE } from './lib/prepare.mjs';

ensureInstalled();
if (buildWeb() !== 0 || (await buildServer()) !== 0) process.exit(1);

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE, 'start'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
