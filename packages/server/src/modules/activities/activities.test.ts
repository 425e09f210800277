import { ActivityPublishState, ErrCode, type ActivityWire, type Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationMs } from '../../platform/clock';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { ActivityRow } from './repo';
import type { NewActivity } from './service';

const { Draft, Paused, Published } = ActivityPublishState;
const LIST = '/v2/activities/list4Client';
const FIND = '/v2/activities/find4Client';

describe('activities for clients', () => {
  let t: TestApp;
  const created = new Map<string, ActivityRow>();
  const row = (name: string): ActivityRow => {
    const found = created.get(name);
    if (!found) throw new Error(`no activity '${name}' was created`);
    return found;
  };

  const daysFromNow = (days: number) => new Date(t.clock.now().getTime() + durationMs({ days }));
  const create = (
    name: string,
    activity: Omit<NewActivity, 'title' | 'link' | 'startTime' | 'limitTime'> & { start: number; end: number },
  ) =>
    t.services.activities
      .create({
        title: `活动 ${name}`,
        titleEn: `Activity ${name}`,
        link: 'creator-incentive',
        startTime: daysFromNow(activity.start),
        limitTime: daysFromNow(activity.end),
        ...activity,
      })
      .then((activity) => {
        created.set(name, activity);
        return activity;
      });
  const list = async (query = '', locale?: 'en_US') =>
    dataOf(await t.client({ locale }).get<Page<ActivityWire>>(`${LIST}${query}`));

  beforeAll(async () => {
    t = await createTestApp();
    await create('draft', { publishState: Draft, start: -1, end: 10, sortNo: 1 });
    await create('paused', { publishState: Paused, start: -1, end: 10, sortNo: 1 });
    await create('upcoming', { publishState: Published, start: 2, end: 10, sortNo: 2 });
    await create('ongoing', { publishState: Published, start: -1, end: 10, sortNo: 2 });
    await create('ended', { publishState: Published, start: -20, end: -10, sortNo: 2 });
    await create('always', { publishState: Published, start: -20, end: -10, sortNo: 1, persist: true, titleEn: '' });
  });
  afterAll(() => t.close());

  it('lists published activities only, with their computed status', async () => {
    const page = await list();
    const statusById = Object.fromEntries(page.dataList.map((activity) => [activity._id, activity.status]));
    expect(statusById).toEqual({
      [row('upcoming')._id]: 3,
      [row('ongoing')._id]: 4,
      [row('ended')._id]: 5,
      [row('always')._id]: 4,
    });
    expect(page).toMatchObject({ skip: 0, limit: 100, totalItem: 4 });
  });

  it('answers the SPEC §3.1 fields plus redirectUrl', async () => {
    const ongoing = (await list()).dataList.find((activity) => activity._id === row('ongoing')._id);
    expect(ongoing).toEqual({
      _id: row('ongoing')._id,
      title: '活动 ongoing',
      cover: '',
      status: 4,
      persist: false,
      link: 'creator-incentive',
      redirectUrl: '',
      startTime: row('ongoing').startTime,
      limitTime: row('ongoing').limitTime,
    });
  });

  it('orders by sortNo, then the latest start first', async () => {
    const ids = (await list()).dataList.map((activity) => activity._id);
    expect(ids).toEqual([row('always')._id, row('upcoming')._id, row('ongoing')._id, row('ended')._id]);
  });

  it('pages with skip and limit', async () => {
    const all = (await list()).dataList.map((activity) => activity._id);
    const second = await list('?skip=1&limit=2');
    expect(second).toMatchObject({ skip: 1, limit: 2, totalItem: 4 });
    expect(second.dataList.map((activity) => activity._id)).toEqual(all.slice(1, 3));
    expect((await list('?skip=10')).dataList).toEqual([]);
  });

  it('refuses a limit or skip out of range instead of clamping', async () => {
    for (const [query, field] of [
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?skip=-1', 'skip'],
      ['?limit=ten', 'limit'],
    ] as const) {
      const response = await t.client().get(`${LIST}${query}`);
      expect(response.body.errCode, query).toBe(ErrCode.BadParams);
      expect(response.body.data, query).toEqual([expect.objectContaining({ field })]);
    }
  });

  it('treats empty query values as absent', async () => {
    expect(await list('?skip=&limit=')).toMatchObject({ skip: 0, limit: 100, totalItem: 4 });
  });

  it('answers the title in the request language, falling back to the Chinese title', async () => {
    const english = await list('', 'en_US');
    const titles = Object.fromEntries(english.dataList.map((activity) => [activity._id, activity.title]));
    expect(titles[row('ongoing')._id]).toBe('Activity ongoing');
    expect(titles[row('always')._id]).toBe('活动 always');
  });

  it('finds a published activity', async () => {
    const response = await t.client({ locale: 'en_US' }).get<ActivityWire>(`${FIND}?_id=${row('upcoming')._id}`);
    expect(dataOf(response)).toMatchObject({ _id: row('upcoming')._id, title: 'Activity upcoming', status: 3 });
  });

  it('answers errCode 2 with null data for unknown, draft and paused activities', async () => {
    for (const id of ['0123456789abcdef01234567', row('draft')._id, row('paused')._id]) {
      const response = await t.client().get(`${FIND}?_id=${id}`);
      expect(response.body).toEqual({ ret: 0, errCode: ErrCode.Business, msg: '活动不存在或已暂停', data: null });
    }
    const english = await t.client({ locale: 'en_US' }).get(`${FIND}?_id=${row('draft')._id}`);
    expect(english.body.msg).toBe('The activity does not exist or has been paused');
  });

  it('moves the status with the clock, except for an always-on activity', async () => {
    const status = async (name: string) =>
      dataOf(await t.client().get<ActivityWire>(`${FIND}?_id=${row(name)._id}`)).status;
    expect(await status('upcoming')).toBe(3);
    t.clock.advance({ days: 3 });
    expect(await status('upcoming')).toBe(4);
    t.clock.advance({ days: 8 });
    expect(await status('upcoming')).toBe(5);
    expect(await status('always')).toBe(4);
  });

  it('shows a hidden activity no more', async () => {
    const hidden = await create('to-hide', { publishState: Published, start: -1, end: 100 });
    expect((await t.client().get(`${FIND}?_id=${hidden._id}`)).body.errCode).toBe(0);
    await t.services.activities.hide(hidden._id);
    expect((await t.client().get(`${FIND}?_id=${hidden._id}`)).body.errCode).toBe(ErrCode.Business);
    expect((await list()).dataList.map((activity) => activity._id)).not.toContain(hidden._id);
  });
});
