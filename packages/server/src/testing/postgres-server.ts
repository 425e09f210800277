// One statement on a PostgreSQL server, outside any test schema (creating and dropping schemas). Its own
// module, free of the app, so the E2E suite can use it too.
import pg from 'pg';

/** Runs one statement on its own connection (outside any test schema). */
export async function onPostgresServer<Row extends object = object>(
  url: string,
  statement: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(statement, values)).rows;
  } finally {
    await client.end();
  }
}
