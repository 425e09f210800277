import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RESERVED_NODE_DOMAINS, DEFAULT_WEB_DIST, loadConfig } from './config';
import { defaultReaderCount } from './db/sqlite-readers';

const cwd = '/srv/tessera';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('has working defaults for the embedded database', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: join(cwd, 'data'),
      databaseUrl: null,
      sqliteReaders: defaultReaderCount(),
      postgresHeavyReads: defaultReaderCount(),
      demoData: true,
      logLevel: 'info',
      sessionSecret: null,
      webDist: DEFAULT_WEB_DIST,
      corsOrigins: [],
      bodyLimit: 1024 * 1024,
      utcOffsetMinutes: 480,
      trustProxy: false,
      smtpUrl: null,
      smtpFrom: 'Tessera <no-reply@localhost>',
      oidcProviders: [],
      filesUrl: null,
      storageQuotaBytes: 5 * 1024 ** 3,
      uploadMaxBytes: 200 * 1024 ** 2,
      videoUploadMaxBytes: 1024 ** 3,
      timeEventsPollMs: 5_000,
      baseDomain: 'localhost',
      publicPort: 8080,
      maxNodesPerUser: 16,
      reservedNodeDomains: [...DEFAULT_RESERVED_NODE_DOMAINS],
      adminUserIds: [],
    });
    expect(DEFAULT_RESERVED_NODE_DOMAINS).toHaveLength(39);
    expect(DEFAULT_WEB_DIST).toMatch(/packages[/\\]web[/\\]dist$/);
  });

  it('reads the SMTP server and sender, refusing other URL schemes', () => {
    expect(
      loadConfig(
        { SMTP_URL: 'smtps://mailer:secret@mail.example.com:465', SMTP_FROM: 'Codes <codes@example.com>' },
        cwd,
      ),
    ).toMatchObject({
      smtpUrl: 'smtps://mailer:secret@mail.example.com:465',
      smtpFrom: 'Codes <codes@example.com>',
    });
    expect(problemsOf({ SMTP_URL: 'https://mailer:secret@mail.example.com' })).toEqual([
      "SMTP_URL must start with smtp:// or smtps:// and name a host (got 'https://mailer:***@mail.example.com')",
    ]);
  });

  it('reads where files live and the storage limits, refusing other URL schemes', () => {
    expect(
      loadConfig(
        {
          FILES: 's3://tessera/files?endpoint=http://127.0.0.1:9000',
          STORAGE_QUOTA: '10gb',
          UPLOAD_MAX_SIZE: '50mb',
          VIDEO_UPLOAD_MAX_SIZE: '2gb',
        },
        cwd,
      ),
    ).toMatchObject({
      filesUrl: 's3://tessera/files?endpoint=http://127.0.0.1:9000',
      storageQuotaBytes: 10 * 1024 ** 3,
      uploadMaxBytes: 50 * 1024 ** 2,
      videoUploadMaxBytes: 2 * 1024 ** 3,
    });
    expect(loadConfig({ FILES: '/srv/tessera-files' }, cwd).filesUrl).toBe('/srv/tessera-files');
    expect(problemsOf({ FILES: 'https://user:secret@files.example.com', STORAGE_QUOTA: 'lots' })).toEqual([
      "FILES must be a directory or an s3://bucket/prefix?endpoint=…&region=… address (got 'https://user:***@files.example.com')",
      "STORAGE_QUOTA must be a positive size in bytes, optionally with KB, MB or GB (got 'lots')",
    ]);
  });

  it('reads how often contract time events are looked for, 0 turning it off on this instance', () => {
    expect(loadConfig({ TIME_EVENTS_POLL_MS: '1000' }, cwd).timeEventsPollMs).toBe(1000);
    expect(loadConfig({ TIME_EVENTS_POLL_MS: '0' }, cwd).timeEventsPollMs).toBe(0);
    expect(problemsOf({ TIME_EVENTS_POLL_MS: '-5' })).toHaveLength(1);
  });

  it('reads the node settings: base domain, public port (PORT unless given), limit, reserved domains, administrators', () => {
    expect(loadConfig({ PORT: '9000' }, cwd).publicPort).toBe(9000);
    expect(
      loadConfig(
        {
          BASE_DOMAIN: 'Nodes.Example.com',
          PUBLIC_PORT: '443',
          MAX_NODES_PER_USER: '3',
          RESERVED_NODE_DOMAINS: ' Shop, mall ,',
          ADMIN_USER_IDS: '10001, 10002',
        },
        cwd,
      ),
    ).toMatchObject({
      baseDomain: 'nodes.example.com',
      publicPort: 443,
      maxNodesPerUser: 3,
      reservedNodeDomains: ['shop', 'mall'],
      adminUserIds: [10001, 10002],
    });
    expect(
      problemsOf({ BASE_DOMAIN: 'http://x', MAX_NODES_PER_USER: '0', ADMIN_USER_IDS: 'alice,10001', PUBLIC_PORT: '0' }),
    ).toEqual([
      "BASE_DOMAIN must be a host name such as localhost or example.com (got 'http://x')",
      "MAX_NODES_PER_USER must be an integer from 1 to 10000 (got '0')",
      "ADMIN_USER_IDS must be a comma list of user ids (got 'alice')",
      "PUBLIC_PORT must be an integer from 1 to 65535 (got '0')",
    ]);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ', DEMO_DATA: '' }, cwd)).toMatchObject({
      databaseUrl: null,
      port: 8080,
      demoData: true,
    });
  });

  it('turns demo data off for PostgreSQL unless asked', () => {
    const url = 'postgres://tessera:pw@db.internal:5432/tessera';
    expect(loadConfig({ DATABASE_URL: url }, cwd)).toMatchObject({ databaseUrl: url, demoData: false });
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: 'on' }, cwd).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }, cwd).demoData).toBe(false);
  });

  it('reads every setting', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/tessera',
        LOG_LEVEL: 'WARN',
        SESSION_SECRET: 's'.repeat(32),
        WEB_DIST: 'web',
        CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
        BODY_LIMIT: '2mb',
        PLATFORM_TZ_OFFSET: '-05:30',
        TRUST_PROXY: 'yes',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/tessera',
      logLevel: 'warn',
      sessionSecret: 's'.repeat(32),
      webDist: join(cwd, 'web'),
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      bodyLimit: 2 * 1024 * 1024,
      utcOffsetMinutes: -330,
      trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
    });
  });

  it('trusts named proxies only, never every hop nor a hop count', () => {
    const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }, cwd).trustProxy;
    expect(trustOf('off')).toBe(false);
    expect(trustOf('0')).toBe(false);
    expect(trustOf('on')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(trustOf('10.0.0.1, 192.168.0.0/16,::1,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    for (const wrong of ['2', 'everything', '10.0.0.1,evil', '300.1.1.1', '*']) {
      expect(() => trustOf(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the OpenID Connect providers from a JSON array, naming the broken field without echoing secrets', () => {
    const provider = {
      type: 'testid',
      name: ' TestID ',
      issuer: 'http://127.0.0.1:9400',
      clientId: 'tessera',
      clientSecret: 'hunter2',
    };
    expect(loadConfig({ OIDC_PROVIDERS: JSON.stringify([provider]) }, cwd).oidcProviders).toEqual([
      { ...provider, name: 'TestID' },
    ]);
    expect(problemsOf({ OIDC_PROVIDERS: '{not json' })[0]).toMatch(/^OIDC_PROVIDERS must be a JSON array such as/);
    expect(problemsOf({ OIDC_PROVIDERS: '{}' })).toEqual([
      "OIDC_PROVIDERS must be a JSON array of providers (got '…')",
    ]);
    const broken = [
      { ...provider, issuer: 'http://idp.example.com' },
      { ...provider, clientSecret: '' },
      { ...provider, type: 'no spaces' },
    ];
    const [problem] = problemsOf({ OIDC_PROVIDERS: JSON.stringify(broken) });
    expect(problem).toBe(
      "OIDC_PROVIDERS entry 0: issuer must be an https:// URL (http:// only for localhost); entry 1: type 'testid' is listed twice; " +
        "entry 1: clientSecret must be a non-empty text; entry 2: type must be 1–32 letters, digits, '_' or '-', starting with a letter (got '…')",
    );
    expect(problem).not.toContain('hunter2');
  });

  it('reports every problem at once, clearly', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://root:hunter2@db/tessera',
      DEMO_DATA: 'maybe',
      LOG_LEVEL: 'chatty',
      SESSION_SECRET: 'short',
      CORS_ORIGINS: '*,https://ok.example.com,https://bad.example.com/path',
      BODY_LIMIT: '0',
      PLATFORM_TZ_OFFSET: 'Asia/Shanghai',
    });
    expect(problems).toEqual([
      "DATABASE_URL must start with postgres:// or postgresql:// (got 'mysql://root:***@db/tessera')",
      "PORT must be an integer from 0 to 65535 (got '70000')",
      "DEMO_DATA must be one of 1, true, on, yes, 0, false, off, no (got 'maybe')",
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got 'chatty')",
      "SESSION_SECRET must be at least 32 characters long (got '…')",
      "CORS_ORIGINS must list origins; '*' cannot be used with credentials (got '*')",
      "CORS_ORIGINS entries must be origins such as https://app.example.com (no path) (got 'https://bad.example.com/path')",
      "BODY_LIMIT must be a positive size in bytes, optionally with KB, MB or GB (got '0')",
      "PLATFORM_TZ_OFFSET must be an offset such as +08:00 or -05:30 (got 'Asia/Shanghai')",
    ]);
  });
});
