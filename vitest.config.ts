import { defineConfig } from 'vitest/config';

// One runner for every unit, component and API test. `npm test` runs the server
// project a second time with DATABASE_URL set so API tests also run on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'] } },
      // The repository's own tooling, such as the boundary check's proof that each rule fires.
      {
        test: {
          name: 'scripts',
          root: '.',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Real servers, databases and child processes share two cores with the rest of the run: one retry in
          // CI, so a lone timing fault does not sink a run. The summary names every test that needed it.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test-setup.ts'],
          // A whole antd form typed into in jsdom takes 3–5 s here with the suite on both cores, longer on a
          // slower machine of this kind: budgets fit the slowest, and tests wait on states, never on time.
          testTimeout: 30_000,
          // antd forms in jsdom are timing-sensitive on a loaded 2-core CI machine: one retry there;
          // a test that fails twice still fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
