// `npm run build:server [-- --if-stale]`: compiles the server that `npm start` runs (scripts/lib/build-server.mjs).
import { buildServer } from './lib/prepare.mjs';

process.exitCode = await buildServer({ force: !process.argv.includes('--if-stale') });
