import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads';

/** Reads that answer when the test says, numbered in the order they began. */
function controlledReads() {
  const reads: { finish: (value: number) => void; fail: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      reads.push({ finish: resolve, fail: reject });
    });
  return { read, reads };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('shared reads', () => {
  it('give the callers who ask while a read runs the next read, begun after they asked', async () => {
    const { read, reads } = controlledReads();
    const shared = sharedReads(read);
    const first = shared();
    expect(reads).toHaveLength(1);
    const second = shared();
    const third = shared();
    await settle();
    expect(reads).toHaveLength(1);

    reads[0]?.finish(1);
    expect(await first).toBe(1);
    await settle();
    // One more read for both who asked while the first ran: not the first's answer.
    expect(reads).toHaveLength(2);
    const fourth = shared();
    reads[1]?.finish(2);
    expect([await second, await third]).toEqual([2, 2]);
    await settle();
    expect(reads).toHaveLength(3);
    reads[2]?.finish(3);
    expect(await fourth).toBe(3);
  });

  it('pass a failed read on to its callers only, and read again for the next', async () => {
    const { read, reads } = controlledReads();
    const shared = sharedReads(read);
    const first = shared();
    const second = shared();
    reads[0]?.fail(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    await settle();
    reads[1]?.finish(7);
    expect(await second).toBe(7);
    const third = shared();
    expect(reads).toHaveLength(3);
    reads[2]?.finish(8);
    expect(await third).toBe(8);
  });
});
