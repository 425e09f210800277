import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseURL, oidcIssuer, oidcPort, port } from './support/env';

// E2E runs the real server (built web app, fresh SQLite file with demo data) and Debian's Chromium.
// Set once in the runner; the workers inherit it, so tests can read the server's outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const isCI = Boolean(process.env.CI) && process.env.CI !== 'false';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  // Two cores: in CI one browser at a time, so no test waits on another's renderer (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS ?? (isCI ? 1 : 2)),
  retries: isCI ? 1 : 0,
  // A budget for the slowest machine of this kind; tests wait on states, so a fast run never waits it out.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      // A real OpenID Connect provider for third-party sign-in (oidc-provider's development forms).
      command: `node --import tsx ../packages/server/src/testing/oidc-test-provider.ts --port ${oidcPort} --client-id tessera --client-secret tessera-e2e-secret --redirect-uri ${baseURL}/v2/thirdParty/callback`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The compiled server, as `npm start` runs it (compiled first when its sources are newer).
      command:
        'node ../scripts/build-server.mjs --if-stale && node --enable-source-maps ../packages/server/dist/server/main.mjs start',
      url: `${baseURL}/v2/activities/list4Client`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'on',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        OIDC_PROVIDERS: JSON.stringify([
          {
            type: 'testid',
            name: 'TestID',
            issuer: oidcIssuer,
            clientId: 'tessera',
            clientSecret: 'tessera-e2e-secret',
          },
        ]),
      },
    },
  ],
});
