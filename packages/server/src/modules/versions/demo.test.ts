import type { Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type CallOptions, type TestApp, type TestClient } from '../../testing';
import type { ResourceView } from '@tessera/contract/resources';
import { DEMO_RESOURCES } from './demo';
import type { VersionWire } from '@tessera/contract/versions';
import { RESOURCES } from './testing';

const FAVOURITES = '/v2/collections/resources';

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

  it('answers the title and intro in the reader’s language; the owner reads what they wrote', async () => {
    const morningMist = (resources: readonly ResourceView[]) =>
      resources.find((resource) => resource.resourceName === 'alice/morning-mist');
    const read = async (client: TestClient, options: CallOptions = {}) => {
      const query = { limit: 100 };
      const page = dataOf(await client.get<Page<ResourceView>>(RESOURCES, { ...options, query })).dataList;
      const detail = dataOf(await client.get<ResourceView>(`${RESOURCES}/alice%2Fmorning-mist`, options));
      return [morningMist(page)?.resourceTitle, detail.resourceTitle, detail.intro];
    };
    const english = ['Morning Mist', 'Morning Mist', 'A misty valley at dawn, made for blog covers.'];
    expect(await read(t.client(), { locale: 'en_US' })).toEqual(english);
    expect(await read(t.client(), { headers: { 'accept-language': 'en-GB,en;q=0.9' } })).toEqual(english);
    expect(await read(t.client(), { locale: 'zh_CN' })).toEqual([
      '山间晨雾',
      '山间晨雾',
      '清晨山谷里的雾气，适合做博客封面。',
    ]);

    const { client: bob } = await t.login(await t.services.identity.resolveUser('bob'));
    expect(await read(bob, { locale: 'en_US' })).toEqual(english);
    const resourceId = morningMist(await market({}))?.resourceId;
    dataOf(await bob.post(FAVOURITES, { resourceId }, { locale: 'en_US' }));
    const favourites = dataOf(await bob.get<Page<{ resourceTitle: string }>>(FAVOURITES, { locale: 'en_US' }));
    expect(favourites.dataList.map((favourite) => favourite.resourceTitle)).toEqual(['Morning Mist']);

    // The owner's own reads (the editor, My resources) show what she wrote, so an edit never saves a translation.
    const { client: alice } = await t.login(await t.services.identity.resolveUser('alice'));
    const detail = dataOf(await alice.get<ResourceView>(`${RESOURCES}/alice%2Fmorning-mist`, { locale: 'en_US' }));
    expect([detail.resourceTitle, detail.intro]).toEqual(['山间晨雾', '清晨山谷里的雾气，适合做博客封面。']);
    const own = dataOf(
      await alice.get<Page<ResourceView>>(RESOURCES, { locale: 'en_US', query: { isSelf: 1, limit: 100 } }),
    ).dataList;
    expect(morningMist(own)?.resourceTitle).toBe('山间晨雾');
  });

  it('refuses a translation with markup, naming the language and the field, and changes nothing', async () => {
    const [found] = await market({ keywords: 'rain' });
    const resourceId = found?.resourceId ?? '';
    await expect(
      t.services.resources.translate(resourceId, { en_US: { resourceTitle: 'Rain', intro: '<script>x</script>' } }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'en_US.intro', code: 'pattern' })] });
    const detail = dataOf(await t.client().get<ResourceView>(`${RESOURCES}/${resourceId}`, { locale: 'en_US' }));
    expect(detail.resourceTitle).toBe('Rain Sounds');
  });

  it('is still found by its English title after the owner edits it in Chinese', async () => {
    const { client: alice } = await t.login(await t.services.identity.resolveUser('alice'));
    const [found] = await market({ keywords: 'morning mist' });
    expect(found?.resourceName).toBe('alice/morning-mist');
    await alice.put(`${RESOURCES}/${found?.resourceId ?? ''}`, { intro: '清晨山谷里的雾气。' });
    expect((await market({ keywords: 'misty valley' })).map((resource) => resource.resourceName)).toEqual([
      'alice/morning-mist',
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
