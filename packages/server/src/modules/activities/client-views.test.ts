import type { ActivityWire, Language } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { ClientViews, nextStatusChange } from './client-views';
import type { PublishedActivities } from './published-cache';
import type { ActivityRow } from './repo';

const at = (iso: string) => Date.parse(iso);

function published(...windows: [start: string, limit: string][]): PublishedActivities {
  const rows = windows.map(
    ([startTime, limitTime], index) => ({ _id: `a${index}`, startTime, limitTime }) as unknown as ActivityRow,
  );
  return { rows, byId: new Map(rows.map((row) => [row._id, row])) };
}

function views() {
  const made: string[] = [];
  const clientViews = new ClientViews((row: ActivityRow, language: Language) => {
    made.push(`${row._id}/${language}`);
    return { _id: row._id, title: language } as ActivityWire;
  });
  return { clientViews, made };
}

describe('activities as clients see them', () => {
  const source = published(
    ['2026-01-10T00:00:00.000Z', '2026-01-20T00:00:00.000Z'],
    ['2026-01-05T00:00:00.000Z', '2026-01-15T00:00:00.000Z'],
  );

  it('knows the next moment a status can change: a start, or just past an end', () => {
    expect(nextStatusChange(source.rows, at('2026-01-01T00:00:00.000Z'))).toBe(at('2026-01-05T00:00:00.000Z'));
    expect(nextStatusChange(source.rows, at('2026-01-05T00:00:00.000Z'))).toBe(at('2026-01-10T00:00:00.000Z'));
    expect(nextStatusChange(source.rows, at('2026-01-15T00:00:00.000Z'))).toBe(at('2026-01-15T00:00:00.001Z'));
    expect(nextStatusChange(source.rows, at('2026-01-21T00:00:00.000Z'))).toBe(Infinity);
  });

  it('makes the wires once per language and reuses them until a status can change', () => {
    const { clientViews, made } = views();
    const first = clientViews.of(source, 'zh_CN', at('2026-01-01T00:00:00.000Z'));
    expect(clientViews.of(source, 'zh_CN', at('2026-01-04T23:59:59.999Z'))).toBe(first);
    expect(first.byId.get('a1')).toEqual({ _id: 'a1', title: 'zh_CN' });
    expect(clientViews.of(source, 'en_US', at('2026-01-02T00:00:00.000Z')).byId.get('a1')?.title).toBe('en_US');
    expect(made).toEqual(['a0/zh_CN', 'a1/zh_CN', 'a0/en_US', 'a1/en_US']);

    expect(clientViews.of(source, 'zh_CN', at('2026-01-05T00:00:00.000Z'))).not.toBe(first);
    // A clock set back (tests move theirs) is not served a view made later.
    const later = clientViews.of(source, 'zh_CN', at('2026-01-06T00:00:00.000Z'));
    expect(clientViews.of(source, 'zh_CN', at('2026-01-02T00:00:00.000Z'))).not.toBe(later);
  });

  it('makes a new view when the published activities change', () => {
    const { clientViews } = views();
    const now = at('2026-01-01T00:00:00.000Z');
    const first = clientViews.of(source, 'zh_CN', now);
    const changed = published(['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z']);
    expect(clientViews.of(changed, 'zh_CN', now)).not.toBe(first);
    expect(clientViews.of(changed, 'zh_CN', now).byId.has('a1')).toBe(false);
  });

  it('hands out the same page for the same skip and limit, and keeps only so many of them', () => {
    const { clientViews } = views();
    const view = clientViews.of(source, 'zh_CN', at('2026-01-01T00:00:00.000Z'));
    const page = view.page(0, 1);
    expect(page).toEqual({ skip: 0, limit: 1, totalItem: 2, dataList: [{ _id: 'a0', title: 'zh_CN' }] });
    expect(view.page(0, 1)).toBe(page);
    expect(view.page(1, 10).dataList.map((wire) => wire._id)).toEqual(['a1']);
    for (let limit = 2; limit < 40; limit += 1) view.page(0, limit);
    expect(view.page(0, 39)).not.toBe(view.page(0, 39));
    expect(view.page(0, 1)).toBe(page);
  });
});
