// Queries on the path of every request (a signed-in caller's session, the user it reads) are built and
// compiled by the query builder once; each call only gives its values. Building and compiling a small
// select costs more than running it on SQLite (issue 15, goal 3: signed-in reads near the bare route).
import { createQueryId, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

type Compilable<Row> = { compile(): CompiledQuery<Row> };

/** Unmistakable stand-ins for the values, found again among the compiled query's parameters. */
const placeholder = (index: number) => `\u0000tessera-placeholder-${index}\u0000`;

export type PreparedQuery<Args extends readonly unknown[], Row> = (...values: Args) => Promise<Row[]>;

/**
 * `build` receives stand-ins for the values and makes the query with them, each used once as a plain
 * value (compared, inserted, set). The query is compiled on first use; a stand-in that is not found
 * exactly once among the parameters is a programming error, thrown then.
 */
export function preparedQuery<Args extends readonly unknown[], Row>(
  db: Kysely<Database>,
  arity: Args['length'],
  build: (...values: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  let compiled: { query: CompiledQuery<Row>; sources: number[] } | undefined;
  const compile = () => {
    const stands = Array.from({ length: arity }, (_, index) => placeholder(index));
    const query = build(...(stands as unknown as Args)).compile();
    const sources = query.parameters.map((parameter) => stands.indexOf(parameter as string));
    for (let index = 0; index < arity; index += 1) {
      const uses = sources.filter((source) => source === index).length;
      if (uses !== 1) throw new Error(`prepared query: value ${index} appears ${uses} times in: ${query.sql}`);
    }
    return { query, sources };
  };
  return async (...values) => {
    compiled ??= compile();
    const { query, sources } = compiled;
    const parameters = sources.map((source, index) => (source >= 0 ? values[source] : query.parameters[index]));
    return (await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() })).rows;
  };
}
