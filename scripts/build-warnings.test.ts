// The test run's web build fails on output that asks for attention (issue 16: no alarming build warnings),
// and passes on what a clean build prints.
import { describe, expect, it } from 'vitest';
import { buildWarnings } from './lib/prepare.mjs';

const CLEAN = `> @tessera/web@0.1.0 build
> vite build

vite v8.3.8 building client environment for production...
transforming...
✓ 3782 modules transformed.
rendering chunks...
computing gzip size...
dist/index.html                                    2.41 kB │ gzip:   1.05 kB
dist/assets/framework-CeDjaHun.js                312.15 kB │ gzip:  98.65 kB │ map: 1,611.48 kB
✓ built in 2.72s
› compiling the server`;

describe('build output that asks for attention', () => {
  it('finds nothing in a clean build', () => {
    expect(buildWarnings(CLEAN)).toEqual([]);
  });

  it('finds PostCSS and plugin messages, Vite notices, warnings and deprecations', () => {
    const noisy = [
      '[vite:css][postcss] composition is only allowed when selector is single :local class name',
      '[plugin vite:reporter] dynamic import will not move module into another chunk',
      '(!) Some chunks are larger than 500 kB after minification.',
      "The CJS build of Vite's Node API is deprecated.",
      'Warning: the configLoader bundles the config file',
      'npm warn EBADENGINE Unsupported engine',
    ];
    expect(buildWarnings([CLEAN, ...noisy].join('\n'))).toEqual(noisy);
    // Vite colours its output even into a pipe.
    expect(buildWarnings(`\u001b[33m${noisy[0]}\u001b[39m\n\u001b[32m✓ built in 2.72s\u001b[39m`)).toEqual([noisy[0]]);
  });
});
