import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { routePreloadsPlugin } from './build/route-preloads.ts';
import { shellModules } from './build/shell-chunk.ts';

// The server (packages/server) answers the API, the translation texts and the static demo files;
// in development Vite forwards those paths to it.
const serverOrigin = process.env.TESSERA_SERVER ?? 'http://127.0.0.1:8080';
const proxied = ['/v2', '/i18n', '/static'];

const shell = shellModules();

export default defineConfig({
  base: '/',
  plugins: [react(), precompress(), routePreloadsPlugin(), shell.plugin],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: serverOrigin, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router are on every page and change rarely: one long-cached chunk.
            // Component libraries are left to the automatic split on purpose, so that a component
            // only one lazy page uses never lands in what /home loads.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            { name: 'shell', test: (id) => shell.has(id), priority: 1 },
          ],
        },
      },
    },
  },
});
