import { REDIRECT_ACTIVITY_LINKS, type ActivityWire, type Page } from '@tessera/domain';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../demo';
import { SERVER_ASSETS_DIR, SERVER_ASSETS_PREFIX } from '../../platform/assets';
import { callApi, createTestApp, dataOf, type TestApp } from '../../testing';
import { IN_PAGE_CAMPAIGNS } from './demo';

describe('demo activities', () => {
  let t: TestApp;
  let zh: ActivityWire[];
  let en: ActivityWire[];

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    zh = dataOf(await t.client().get<Page<ActivityWire>>('/v2/activities/list4Client')).dataList;
    en = dataOf(await t.client({ locale: 'en_US' }).get<Page<ActivityWire>>('/v2/activities/list4Client')).dataList;
  });
  afterAll(() => t.close());

  it('cover every wire status, an always-on activity and the in-page campaigns', async () => {
    const all = await t.services.activities.listAll();
    expect(new Set(all.map((row) => t.services.activities.statusOf(row)))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(zh.some((activity) => activity.persist && activity.status === 4)).toBe(true);
    for (const campaign of IN_PAGE_CAMPAIGNS) {
      expect(
        zh.filter((activity) => activity.link === campaign && activity.redirectUrl === ''),
        campaign,
      ).not.toEqual([]);
    }
  });

  it('have one visible activity per redirecting key, each pointing to a page of this site', () => {
    for (const link of REDIRECT_ACTIVITY_LINKS) {
      const matching = zh.filter((activity) => activity.link === link);
      expect(matching, link).toHaveLength(1);
      expect(matching[0]?.redirectUrl, link).toMatch(/^\/(?!\/)/);
    }
    expect(zh.find((activity) => activity.link === 'play-newer')?.redirectUrl).toBe('/guideFreelog');
  });

  it('are bilingual', () => {
    for (const [index, activity] of zh.entries()) {
      expect(activity.title).toMatch(/[\u4e00-\u9fff]/);
      expect(en[index]?.title).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('use covers served by this server', async () => {
    const covers = new Set(zh.map((activity) => activity.cover));
    expect(covers.size).toBeGreaterThanOrEqual(5);
    for (const cover of covers) {
      expect(cover.startsWith(SERVER_ASSETS_PREFIX), cover).toBe(true);
      expect(existsSync(join(SERVER_ASSETS_DIR, cover.slice(SERVER_ASSETS_PREFIX.length))), cover).toBe(true);
      expect((await callApi(t.app, 'GET', cover)).status, cover).toBe(200);
    }
  });

  it('load only once per database', async () => {
    const before = (await t.services.activities.listAll()).length;
    expect(await loadDemoData(t.db, t.clock.now())).toEqual([]);
    expect((await t.services.activities.listAll()).length).toBe(before);
  });
});
