import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './index';
import { QueryCounter } from './query-counter';

describe('the statement counter', () => {
  const counter = new QueryCounter();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ plugins: [counter] });
  });
  afterAll(() => t.close());

  const oneStatement = () => t.db.selectFrom('users').select('userId').limit(1).execute();

  it('counts the statements of the work, awaited ones and parallel ones alike', async () => {
    expect(await counter.during(oneStatement)).toBe(1);
    expect(await counter.during(() => Promise.all([oneStatement(), oneStatement(), oneStatement()]))).toBe(3);
  });

  it('leaves out statements sent from outside the work while it runs (a timer, another caller)', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const counted = counter.during(async () => {
      await oneStatement();
      await held;
      await oneStatement();
    });
    // Sent from the test's own context while the counted work waits: not the work's.
    await oneStatement();
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        void oneStatement().then(() => resolve());
      }, 0),
    );
    release();
    expect(await counted).toBe(2);
  });
});
