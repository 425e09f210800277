// Counts the statements a piece of work sends to the database (tests that prove a call's cost does
// not grow with its input): pass one in `createTestApp({ plugins: [counter] })`, then `counter.during`.
// Only the work's own statements count: it runs in an async context of its own, so the app's timers
// (the file-analysis poll, housekeeping) that happen to run meanwhile are not added to it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export class QueryCounter implements KyselyPlugin {
  readonly #tally = new AsyncLocalStorage<{ count: number }>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tally = this.#tally.getStore();
    if (tally) tally.count += 1;
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }

  /** How many statements `work` sent, counting neither timers' nor other callers' meanwhile. */
  async during(work: () => Promise<unknown>): Promise<number> {
    const tally = { count: 0 };
    await this.#tally.run(tally, work);
    return tally.count;
  }
}
