import type { Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { ResourceView } from '@tessera/contract/resources';
import { DEMO_RESOURCES } from './demo';
import type { VersionWire } from '@tessera/contract/versions';
import { RESOURCES } from './testing';

describe('demo resources', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(() => t.close());

  const market = async (query: Record<string, string | number>) =>
    dataOf(await t.client().get<Page<ResourceView>>(RESOURCES, { query: { limit: 100, ...query } })).dataList;

  it('publishes every file type for alice and bob, most of them online, with covers and versions', async () => {
    const online = await market({});
    const names = online.map((resource) => resource.resourceName).sort();
    const expected = DEMO_RESOURCES.filter((demo) => demo.online)
      .map((demo) => `${demo.owner}/${demo.name}`)
      .sort();
    expect(names).toEqual(expected);
    expect(new Set(online.map((resource) => resource.resourceTypeCode))).toEqual(
      new Set(['image', 'markdown', 'audio', 'video', 'json', 'widget', 'theme', 'reveal_slide']),
    );
    for (const resource of online) expect(resource.coverImages?.[0]).toMatch(/^\/images\/[0-9a-f]{40}\.png$/);
    const image = online.find((resource) => resource.resourceName === 'alice/morning-mist');
    expect([image?.latestVersion, image?.policies?.length]).toEqual(['1.1.0', 2]);
  });

  it('is found by a Chinese and by an English keyword', async () => {
    expect((await market({ keywords: '主题' })).map((resource) => resource.resourceName)).toEqual(['bob/paper-theme']);
    expect((await market({ keywords: 'widget' })).map((resource) => resource.resourceName).sort()).toEqual([
      'bob/clock-widget',
      'bob/paper-theme',
    ]);
  });

  it('has dependencies: the theme on the widget with ^1.0.0, at the widget’s highest matching version', async () => {
    const [theme] = await market({ keywords: 'paper' });
    const themeId = theme?.resourceId ?? '';
    const [version] = dataOf(await t.client().get<VersionWire[]>(`${RESOURCES}/${themeId}/versions`));
    expect(version?.dependencies).toEqual([
      expect.objectContaining({ resourceName: 'bob/clock-widget', versionRange: '^1.0.0' }),
    ]);
    const tree = dataOf(await t.client().get<{ version: string }[]>(`${RESOURCES}/${themeId}/dependencyTree`));
    expect(tree.map((node) => node.version)).toEqual(['1.1.0']);
  });

  it('has audio and video that last what their descriptions say: four seconds of rain, of waves', async () => {
    const firstVersion = async (keywords: string) => {
      const [found] = await market({ keywords });
      return dataOf(await t.client().get<VersionWire[]>(`${RESOURCES}/${found?.resourceId ?? ''}/versions`))[0];
    };
    expect((await firstVersion('rain'))?.systemProperty).toMatchObject({ mime: 'audio/wav', duration: 4 });
    expect((await firstVersion('ocean'))?.systemProperty).toMatchObject({ mime: 'video/mp4', duration: 4 });
  });
});
