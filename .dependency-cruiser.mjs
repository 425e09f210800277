// The import boundaries of Tessera (issue 10), checked by `npm run boundaries` and `npm test`.
// Each rule's comment says what is wrong and what to do; scripts/boundaries.test.ts proves each one fires.

const server = '^packages/server/src/';
const web = '^packages/web/src/';
/** Test files, the vitest setup and test helpers (named `testing.ts(x)`, or inside a `testing/` folder). */
const testCode = '[.]test[.]tsx?$|/test-setup[.]ts$|/testing[.]tsx?$|/testing/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This import closes an import cycle (type-only imports count too). Break it: move what both ' +
        'files need into a third file they both import, or invert the dependency (pass a callback, a type).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment:
        "A server module imports another module's internal file. Import only from " +
        "modules/<other>/index.ts (the other module's public surface); if what you need is not there, " +
        'export it from that index (a service interface, a port type, a route registration). The one ' +
        "exception: a module's tests may import another module's test helpers, modules/<other>/testing.ts, " +
        'which stay out of the index (not-to-test-code keeps app code away from them).',
      from: { path: `${server}modules/([^/]+)/` },
      to: {
        path: `${server}modules/[^/]+/`,
        pathNot: [`${server}modules/$1/`, `${server}modules/[^/]+/(?:index|testing)[.]ts$`],
      },
    },
    {
      name: 'server-platform-not-modules',
      severity: 'error',
      comment:
        'The platform (HTTP, database, files, config) imports a module. The platform is below the modules: ' +
        'move the shared piece into platform/, or have the module hand it in (a port, a registration).',
      from: { path: `${server}platform/` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        '@tessera/domain imports something outside itself (a node: module, a package, another workspace). ' +
        'The domain is pure rules shared by server and web: keep the code here dependency-free, or move it to ' +
        'the server (or the contract, for wire schemas). Only its tests may import vitest and fast-check.',
      from: { path: '^packages/domain/src/', pathNot: '[.]test[.]ts$|^packages/domain/src/policy/arbitraries[.]ts$' },
      to: { pathNot: '^packages/domain/src/' },
    },
    {
      name: 'domain-tests-only-test-tools',
      severity: 'error',
      comment:
        'A domain test imports a package other than vitest and fast-check, or a node: module. Domain tests ' +
        'check pure rules: test them through the domain itself.',
      from: { path: '^packages/domain/src/.*(?:[.]test[.]ts|/arbitraries[.]ts)$' },
      to: { pathNot: ['^packages/domain/src/', '(?:^|/)node_modules/(?:vitest|@vitest/[^/]+|fast-check)/'] },
    },
    {
      name: 'contract-only-domain-and-typebox',
      severity: 'error',
      comment:
        '@tessera/contract imports something other than @tessera/domain and @sinclair/typebox. The wire ' +
        'contract is shared by server and web: keep server and web code out of it.',
      from: { path: '^packages/contract/src/' },
      to: { pathNot: ['^packages/(?:contract|domain)/src/', '(?:^|/)node_modules/@sinclair/typebox/'] },
    },
    {
      name: 'contract-endpoints-types-only',
      severity: 'error',
      comment:
        'An endpoint file imports a value from a contract area or from TypeBox. Endpoints are what the web ' +
        'bundle imports, so they must not pull in TypeBox: write `import type { … }`.',
      from: { path: '^packages/contract/src/(?:endpoint|endpoints/[^/]+)[.]ts$' },
      to: {
        pathNot: '^packages/contract/src/endpoint[.]ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-shared-not-features-or-app',
      severity: 'error',
      comment:
        'Web shared/ imports a feature or the app shell. shared/ is the bottom layer every feature uses: ' +
        'move the piece it needs into shared/, or pass it in from the caller.',
      from: { path: `${web}shared/` },
      to: { path: `${web}(?:features|app)/` },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment:
        'A web feature imports the app shell (src/app/). The app composes the features, not the other way ' +
        'round: move what the feature needs into shared/ (shared/ui, shared/session …). Tests render the real ' +
        'app through src/testing/.',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-feature-through-entry',
      severity: 'error',
      comment:
        "A web feature imports another feature's internal file. Import only from features/<other>/index.ts " +
        '(its public entry); if what you need is not there, export it from that entry. The one exception: ' +
        "a feature's tests may import another feature's test helpers, features/<other>/testing.ts(x), which " +
        'stay out of the entry so no page bundles them (not-to-test-code keeps app code away from them).',
      from: { path: `${web}features/([^/]+)/` },
      to: {
        path: `${web}features/[^/]+/`,
        pathNot: [`${web}features/$1/`, `${web}features/[^/]+/(?:index|testing)[.]tsx?$`],
      },
    },
    {
      name: 'web-contract-types-only',
      severity: 'error',
      comment:
        'Web app code imports a value from a contract area (@tessera/contract/<area>) or from TypeBox, which ' +
        'would bundle TypeBox into the browser. Write `import type { … }`; values come only from ' +
        '@tessera/contract/endpoint and @tessera/contract/endpoints/*. Tests, which never ship, may use the ' +
        'schemas (to check a scripted answer against its wire schema, say).',
      from: { path: web, pathNot: testCode },
      to: {
        path: '^packages/contract/src/|(?:^|/)node_modules/@sinclair/typebox/',
        pathNot: '^packages/contract/src/(?:endpoint|endpoints/[^/]+)[.]ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the check cannot resolve to a file, so no other rule can judge it. Fix the path, add the ' +
        'package to package.json, or, for a new kind of import (an alias, a loader suffix), teach ' +
        'options.enhancedResolveOptions here how to resolve it.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'not-to-test-code',
      severity: 'error',
      comment:
        'App code imports a test file or a test helper (testing.ts, testing/). Test helpers may use test ' +
        'servers and fixtures that must never ship: move what the app needs out of the helper.',
      from: { pathNot: testCode },
      to: { path: testCode },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in (rules look at which packages are imported); they are not cruised themselves.
    exclude: { path: '^packages/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
