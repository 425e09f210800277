// The boundary check (.dependency-cruiser.mjs) fails on each kind of wrong import, naming its rule and the
// import, and passes a tree that keeps every boundary. Both trees are written to a temporary folder shaped
// like this repository (packages/…, workspace packages linked under node_modules/@tessera).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const folders: string[] = [];

type Tree = Record<string, string>;

/** What every fixture has: two workspace packages with `exports`, the real TypeBox and vitest. */
const base: Tree = {
  'packages/domain/package.json': JSON.stringify({ name: '@tessera/domain', exports: { '.': './src/index.ts' } }),
  'packages/domain/src/index.ts': "export { limit } from './rules';",
  'packages/domain/src/rules.ts': 'export const limit = 3;',
  'packages/contract/package.json': JSON.stringify({ name: '@tessera/contract', exports: { './*': './src/*.ts' } }),
  'packages/contract/src/endpoint.ts': 'export const endpoint = (path: string) => ({ path });',
  'packages/contract/src/things.ts':
    "import { Type, type Static } from '@sinclair/typebox';\nimport { limit } from '@tessera/domain';\n" +
    'export const Thing = Type.String({ maxLength: limit });\nexport type Thing = Static<typeof Thing>;',
  'packages/server/src/modules/beta/index.ts': "export { findBeta } from './repo';",
  'packages/server/src/modules/beta/repo.ts': 'export const findBeta = () => 1;',
  'packages/server/src/modules/beta/testing.ts': "export { findBeta as seedBeta } from './repo';",
  'packages/server/src/platform/http.ts': 'export const port = 80;',
  'packages/web/src/app/AppProviders.tsx': "import { MarketPage } from '../features/market';\nexport { MarketPage };",
  'packages/web/src/features/search/index.ts': "export { searchQuery } from './search-query';",
  'packages/web/src/features/search/testing.ts': "export const searchAnswer = { q: 'x' };",
  'packages/web/src/features/market/index.ts': "export { MarketPage } from './MarketPage';",
  'packages/web/src/shared/ui/a.ts': 'export const a = 1;',
  'packages/web/src/testing/render-app.tsx':
    "import { MarketPage } from '../app/AppProviders';\nexport { MarketPage };",
};

/** Every boundary kept, including the allowed exceptions (tests reach other helpers' testing.ts). */
const clean: Tree = {
  ...base,
  'packages/domain/src/rules.test.ts':
    "import { it } from 'vitest';\nimport { limit } from './rules';\nit('', () => limit);",
  'packages/contract/src/endpoints/things.ts':
    "import type { Thing } from '../things';\nimport { endpoint } from '../endpoint';\n" +
    "export const thingEndpoints = { one: endpoint('/things') as { answer?: Thing } };",
  'packages/server/src/modules/alpha/service.ts': "import { findBeta } from '../beta';\nexport const a = findBeta;",
  'packages/server/src/modules/alpha/alpha.test.ts': "import { seedBeta } from '../beta/testing';\nseedBeta();",
  'packages/web/src/features/search/search-query.ts':
    "import type { Thing } from '@tessera/contract/things';\nimport { thingEndpoints } from '@tessera/contract/endpoints/things';\n" +
    'export const searchQuery = (thing: Thing) => [thingEndpoints, thing];',
  'packages/web/src/features/market/MarketPage.tsx':
    "import { searchQuery } from '../search';\nimport { a } from '../../shared/ui/a';\nexport const MarketPage = [searchQuery, a];",
  'packages/web/src/features/market/MarketPage.test.tsx':
    "import { searchAnswer } from '../search/testing';\nimport { MarketPage } from '../../testing/render-app';\n" +
    'export const both = [searchAnswer, MarketPage];',
};

/** Wrong imports, at least one per rule: [rule, importing file, imported file (for a cycle, its second file)]. */
const wrongImports: [rule: string, from: string, to: string, files: Tree][] = [
  [
    'no-circular',
    'packages/web/src/shared/ui/a.ts',
    'packages/web/src/shared/ui/b.ts',
    {
      'packages/web/src/shared/ui/a.ts': "import { b } from './b';\nexport const a = b;",
      'packages/web/src/shared/ui/b.ts': "import type { a } from './a';\nexport const b: typeof a | 1 = 1;",
    },
  ],
  [
    'server-module-through-index',
    'packages/server/src/modules/alpha/service.ts',
    'packages/server/src/modules/beta/repo.ts',
    { 'packages/server/src/modules/alpha/service.ts': "import { findBeta } from '../beta/repo';\nfindBeta();" },
  ],
  [
    'server-platform-not-modules',
    'packages/server/src/platform/cors.ts',
    'packages/server/src/modules/beta/index.ts',
    { 'packages/server/src/platform/cors.ts': "import { findBeta } from '../modules/beta';\nfindBeta();" },
  ],
  [
    'domain-is-pure',
    'packages/domain/src/files.ts',
    'fs',
    { 'packages/domain/src/files.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;" },
  ],
  [
    'domain-is-pure',
    'packages/domain/src/schema.ts',
    'node_modules/@sinclair/typebox',
    { 'packages/domain/src/schema.ts': "export { Type } from '@sinclair/typebox';" },
  ],
  [
    'domain-tests-only-test-tools',
    'packages/domain/src/rules.test.ts',
    'path',
    {
      'packages/domain/src/rules.test.ts':
        "import { it } from 'vitest';\nimport { join } from 'node:path';\nit('', join);",
    },
  ],
  [
    'contract-only-domain-and-typebox',
    'packages/contract/src/ports.ts',
    'packages/server/src/platform/http.ts',
    { 'packages/contract/src/ports.ts': "import { port } from '../../server/src/platform/http';\nexport { port };" },
  ],
  [
    'contract-endpoints-types-only',
    'packages/contract/src/endpoints/things.ts',
    'packages/contract/src/things.ts',
    { 'packages/contract/src/endpoints/things.ts': "import { Thing } from '../things';\nexport const one = Thing;" },
  ],
  [
    'web-shared-not-features-or-app',
    'packages/web/src/shared/ui/links.ts',
    'packages/web/src/features/search/index.ts',
    { 'packages/web/src/shared/ui/links.ts': "import { searchQuery } from '../../features/search';\nsearchQuery();" },
  ],
  [
    'web-features-not-app',
    'packages/web/src/features/market/frame.tsx',
    'packages/web/src/app/AppProviders.tsx',
    { 'packages/web/src/features/market/frame.tsx': "export { MarketPage } from '../../app/AppProviders';" },
  ],
  [
    'web-feature-through-entry',
    'packages/web/src/features/market/MarketPage.tsx',
    'packages/web/src/features/search/search-query.ts',
    {
      'packages/web/src/features/market/MarketPage.tsx':
        "import { searchQuery } from '../search/search-query';\nexport const MarketPage = searchQuery;",
    },
  ],
  [
    'web-contract-types-only',
    'packages/web/src/features/search/search-query.ts',
    'packages/contract/src/things.ts',
    {
      'packages/web/src/features/search/search-query.ts':
        "import { Thing } from '@tessera/contract/things';\nexport const searchQuery = () => Thing;",
    },
  ],
  [
    'not-to-unresolvable',
    'packages/web/src/features/search/lookup.ts',
    './search-quer',
    { 'packages/web/src/features/search/lookup.ts': "export { searchQuery } from './search-quer';" },
  ],
  [
    'not-to-test-code',
    'packages/web/src/features/market/MarketList.tsx',
    'packages/web/src/features/search/testing.ts',
    { 'packages/web/src/features/market/MarketList.tsx': "export { searchAnswer } from '../search/testing';" },
  ],
  [
    'web-contract-types-only',
    'packages/web/src/features/search/schema.ts',
    'node_modules/@sinclair/typebox',
    { 'packages/web/src/features/search/schema.ts': "export { Type } from '@sinclair/typebox';" },
  ],
];

/** Writes `tree` to a new temporary folder; workspace packages and real packages link under node_modules. */
function writeTree(tree: Tree): string {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-boundaries-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), `${text}\n`);
  }
  mkdirSync(join(folder, 'node_modules/@tessera'), { recursive: true });
  symlinkSync('../../packages/domain', join(folder, 'node_modules/@tessera/domain'));
  symlinkSync('../../packages/contract', join(folder, 'node_modules/@tessera/contract'));
  symlinkSync(join(root, 'node_modules/@sinclair'), join(folder, 'node_modules/@sinclair'));
  symlinkSync(join(root, 'node_modules/vitest'), join(folder, 'node_modules/vitest'));
  return folder;
}

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Runs the check as `npm run boundaries` does; returns its exit status and the violations it printed. */
function check(folder: string): { status: number | null; output: string; violations: Violation[] } {
  const result = spawnSync(
    join(root, 'node_modules/.bin/depcruise'),
    ['-c', join(root, '.dependency-cruiser.mjs'), '-T', 'err-long', 'packages'],
    { cwd: folder, encoding: 'utf8' },
  );
  const output = result.stdout + result.stderr;
  // `  error <rule>: <from> → <to>`; a cycle continues with one `<file> →` per line.
  // A package resolves to a file somewhere in this repository's node_modules: keep its package name.
  const violations = [...output.matchAll(/^ {2}error ([\w-]+): (\S+) →\s+(\S+)/gm)].map(([, rule, from, to]) => ({
    rule: rule ?? '',
    from: from ?? '',
    to: (to ?? '').replace(/^.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, 'node_modules/$1'),
  }));
  return { status: result.status, output, violations };
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('boundary check', () => {
  it('passes a tree that keeps every boundary', () => {
    const { status, output, violations } = check(writeTree(clean));
    expect(violations).toEqual([]);
    expect(status, output).toBe(0);
  });

  // One tree with every wrong import at once: one run of the check (each run starts TypeScript).
  const wrongTree = wrongImports.reduce<Tree>((tree, [, , , files]) => ({ ...tree, ...files }), {
    ...clean,
  });
  let wrong: ReturnType<typeof check> | undefined;
  const wrongRun = () => (wrong ??= check(writeTree(wrongTree)));

  it('fails a tree with wrong imports and reports only those', () => {
    const { status, violations } = wrongRun();
    expect(status).not.toBe(0);
    const expected = wrongImports.map(([rule, from, to]) => ({ rule, from, to }));
    const order = (list: Violation[]) => list.map((v) => `${v.rule} ${v.from} ${v.to}`).sort();
    expect(order(violations)).toEqual(order(expected));
  });

  it.each(wrongImports)('%s names its rule and the import %s → %s', (rule, from, to) => {
    const { violations, output } = wrongRun();
    expect(violations.filter((v) => v.rule === rule)).toContainEqual({ rule, from, to });
    // err-long prints the rule's comment, which says what to do, under the violation.
    expect(output).toMatch(new RegExp(`error ${rule}: ${from} →[^]*?\\n {4}\\S`));
  });
});
