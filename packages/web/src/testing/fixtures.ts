import type { ActivityWire } from '@tessera/domain';

const DAY = 24 * 60 * 60 * 1000;

/** An activity as list4Client / find4Client send it; times relative to now unless given. */
export function activityWire(overrides: Partial<ActivityWire> = {}): ActivityWire {
  const now = Date.now();
  return {
    _id: '6650a1c2e4b0f3d9a1b2c3d4',
    title: '创作激励计划',
    cover: '/static/demo/covers/creator.svg',
    status: 4,
    persist: false,
    link: 'creator-incentive',
    redirectUrl: '',
    startTime: new Date(now - 10 * DAY).toISOString(),
    limitTime: new Date(now + 20 * DAY).toISOString(),
    ...overrides,
  };
}

export function page<T>(dataList: T[]) {
  return { skip: 0, limit: 100, totalItem: dataList.length, dataList };
}

export const DAYS = (count: number) => count * DAY;

/** Fails when a translation key shows instead of its text. */
export function rawTranslationKeys(text: string | null): string[] {
  return (text ?? '').match(/\b(?:common|home|guide|activities|exception|http)\.[A-Za-z]+(?:\.[A-Za-z0-9]+)*/g) ?? [];
}
