// Writes a .br and a .gz beside every text asset of the build, so the server can send the
// compressed file as it is (no compression work per request, best ratios).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;
/** Below this a compressed copy saves less than the extra header costs. */
const MIN_BYTES = 1024;

function compressFolder(folder: string): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      compressFolder(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  }
}

export function precompress(): Plugin {
  let assetsFolder = '';
  return {
    name: 'tessera-precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: an absolute outDir (vite build --outDir /tmp/x) is not under the root.
      assetsFolder = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      compressFolder(assetsFolder);
    },
  };
}
