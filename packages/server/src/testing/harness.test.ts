import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp, dataOf, onPostgresServer, testDatabaseUrl, type TestApp } from '.';

async function databaseExists(t: TestApp): Promise<boolean> {
  const url = testDatabaseUrl();
  if (t.dialect === 'sqlite' || url === null) return existsSync(t.databaseLocation);
  const rows = await onPostgresServer(url, 'select 1 from pg_namespace where nspname = $1', [t.databaseLocation]);
  return rows.length > 0;
}

describe('the test harness', () => {
  it('builds the app on the database the environment names', async () => {
    const t = await createTestApp();
    try {
      expect(t.dialect).toBe(testDatabaseUrl() === null ? 'sqlite' : 'postgres');
      expect(dataOf(await t.client().get('/v2/activities/list4Client'))).toMatchObject({ totalItem: 0 });
    } finally {
      await t.close();
    }
  });

  it('gives each app its own database and removes it on close', async () => {
    // Built one after the other so that a failure cannot leave the other one open.
    const a = await createTestApp();
    const b = await createTestApp().catch(async (error: unknown) => {
      await a.close();
      throw error;
    });
    try {
      expect(a.databaseLocation).not.toBe(b.databaseLocation);
      await a.createUser({ username: 'only-in-a' });
      expect(await b.db.selectFrom('users').select('username').execute()).toEqual([]);
      expect(await databaseExists(a)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(await databaseExists(a)).toBe(false);
    expect(await databaseExists(b)).toBe(false);
  });

  it('starts the clock where asked and lets the test move it', async () => {
    const t = await createTestApp({ now: '2030-01-01T00:00:00.000Z' });
    try {
      expect(t.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
      t.clock.advance({ days: 1, hours: 2 });
      expect(t.clock.now().toISOString()).toBe('2030-01-02T02:00:00.000Z');
      expect((await t.createUser()).createDate).toBe('2030-01-02T02:00:00.000Z');
    } finally {
      await t.close();
    }
  });
});
