import { describe, expect, it } from 'vitest';
import { Poller } from './poller';

/** A run that ends when the test says so. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the poller under timed work', () => {
  it('never overlaps runs: a run asked meanwhile starts when the one in progress ends', async () => {
    const poller = new Poller<number>(() => 0);
    const first = gate();
    const started = gate();
    const order: string[] = [];
    const one = poller.run(async () => {
      order.push('first starts');
      started.open();
      await first.opened;
      order.push('first ends');
      return 1;
    });
    const two = poller.run(async () => {
      order.push('second starts');
      return 2;
    });
    await started.opened;
    expect(order).toEqual(['first starts']);
    first.open();
    expect(await Promise.all([one, two])).toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('goes on after a failed run, and answers idle once stopped', async () => {
    const poller = new Poller<number>(() => 0);
    await expect(poller.run(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await poller.run(async () => 5)).toBe(5);
    await poller.stop();
    expect(await poller.run(async () => 7)).toBe(0);
  });

  it('runs at once on start, not with a period of 0, and stop waits for the run in progress', async () => {
    const idle = new Poller<number>(() => 0);
    let ran = 0;
    idle.start(
      0,
      async () => ++ran,
      () => undefined,
    );
    expect(ran).toBe(0);

    const poller = new Poller<number>(() => 0);
    const running = gate();
    const started = gate();
    let finished = false;
    poller.start(
      60_000,
      async () => {
        started.open();
        await running.opened;
        finished = true;
        return 1;
      },
      () => undefined,
    );
    await started.opened;
    const stopped = poller.stop();
    running.open();
    await stopped;
    expect(finished).toBe(true);
  });
});
