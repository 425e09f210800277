// Counts the statements a piece of work sends to the database (tests that prove a call's cost does
// not grow with its input): pass one in `createTestApp({ plugins: [counter] })`, then `counter.during`.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export class QueryCounter implements KyselyPlugin {
  #count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.#count += 1;
    return Promise.resolve(args.result);
  }

  /** How many statements `work` ran to completion (its own and anyone else's meanwhile). */
  async during(work: () => Promise<unknown>): Promise<number> {
    const before = this.#count;
    await work();
    return this.#count - before;
  }
}
