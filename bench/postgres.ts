// The benchmarks' own PostgreSQL databases (dropped and created again for every run) and the CPU their
// server processes use.
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../packages/server/src/platform/db/postgres';
import { sampleCpu, type CpuSample } from './measure';

export async function recreatePostgres(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = openPostgres(Object.assign(new URL(url), { pathname: '/postgres' }).toString());
  try {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await sql`create database ${sql.id(name)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
}

/**
 * The CPU used so far by the PostgreSQL processes (on this machine) connected to `url`'s database,
 * except the one answering this question.
 */
export async function postgresCpu(url: string): Promise<CpuSample> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return sampleCpu(rows.map((row) => row.pid));
  } finally {
    await client.end();
  }
}
