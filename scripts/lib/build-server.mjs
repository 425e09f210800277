// Compiles the server for `npm start` (issue 15): one ES module, so starting does not spend seconds
// turning TypeScript into JavaScript as tsx does. Our own packages (server, domain, contract) are
// bundled; every npm package stays an import, loaded from node_modules as usual.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Two folders below the package, like the sources' `src/<area>/` files, so the paths they compute
 * from their own address (`../../assets`, `../../package.json`, `../../../web/dist`) hold unchanged.
 */
const SERVER_BUNDLE_DIR = join('packages', 'server', 'dist', 'server');

/** Files a module reads from beside itself: a browser script, the demo video. */
const READ_BESIDE = [
  'packages/server/src/modules/sitethemes/theme-sdk.js',
  'packages/server/src/modules/versions/ocean-waves.mp4',
];

/** @param {string} root */
export async function buildServer(root) {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', 'server', 'package.json'), 'utf8'));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !name.startsWith('@tessera/'),
  );
  const outdir = join(root, SERVER_BUNDLE_DIR);
  await build({
    entryPoints: [join(root, 'packages', 'server', 'src', 'main.ts')],
    outfile: join(outdir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    sourcemap: true,
    logLevel: 'warning',
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of READ_BESIDE) copyFileSync(join(root, file), join(outdir, file.split('/').pop() ?? file));
}
