import { describe, expect, it } from 'vitest';
import { PublishedActivitiesCache } from './published-cache';
import type { ActivityRow } from './repo';

function row(_id: string): ActivityRow {
  const date = '2025-03-01T00:00:00.000Z';
  return {
    _id,
    title: _id,
    titleEn: '',
    cover: '',
    publishState: 3,
    persist: 0,
    link: 'x',
    redirectUrl: '',
    startTime: date,
    limitTime: date,
    sortNo: 0,
    createDate: date,
    updateDate: date,
  };
}

describe('the published activities cache', () => {
  it('reads the database once per interval, and again after it', async () => {
    let time = 0;
    let loads = 0;
    const cache = new PublishedActivitiesCache(async () => [row(`v${++loads}`)], { ttlMs: 1000, now: () => time });
    expect((await cache.get()).rows.map((r) => r._id)).toEqual(['v1']);
    time = 999;
    expect((await cache.get()).byId.has('v1')).toBe(true);
    time = 1000;
    expect((await cache.get()).byId.has('v2')).toBe(true);
    expect(loads).toBe(2);
  });

  it('shares one read between concurrent callers', async () => {
    let loads = 0;
    const cache = new PublishedActivitiesCache(async () => [row(`v${++loads}`)]);
    const results = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(loads).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('forgets on invalidate, including a read that was under way', async () => {
    let loads = 0;
    let release = () => {};
    const cache = new PublishedActivitiesCache(async () => {
      const version = ++loads;
      if (version === 1) await new Promise<void>((resolve) => (release = resolve));
      return [row(`v${version}`)];
    });
    const stale = cache.get();
    cache.invalidate();
    const fresh = cache.get();
    release();
    expect((await stale).rows[0]?._id).toBe('v1');
    expect((await fresh).rows[0]?._id).toBe('v2');
    expect((await cache.get()).rows[0]?._id).toBe('v2');
    expect(loads).toBe(2);
  });

  it('tries again after a failed read', async () => {
    let fail = true;
    const cache = new PublishedActivitiesCache(async () => {
      if (fail) throw new Error('database down');
      return [row('ok')];
    });
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get()).rows[0]?._id).toBe('ok');
  });
});
