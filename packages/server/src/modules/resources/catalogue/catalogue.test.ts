import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../../testing';
import type { OperationGroupWire, TagWire, TypeNodeWire, TypeTreeNode } from '@tessera/contract/catalogue';
import { createResource, errCodeOf, onlineResource } from '../testing';

const TYPES = '/v2/resources/types';

/** The forest as `code(children…)` text, custom entries by name: easy to compare. */
function shape(nodes: readonly TypeTreeNode[]): string {
  return nodes
    .map((node) => `${node.code || `~${node.name}`}${node.children.length > 0 ? `(${shape(node.children)})` : ''}`)
    .join(' ');
}

describe('the type catalogue', () => {
  let t: TestApp;
  let client: TestClient;

  const get = <T>(path: string, query: Record<string, string | number> = {}, caller: TestClient = t.client()) =>
    caller.get<T>(path, { query }).then(dataOf);

  beforeAll(async () => {
    t = await createTestApp();
    ({ client } = await t.login());
    await onlineResource(t, client, { resourceTypeCode: 'image-photo' });
    await onlineResource(t, client, { resourceTypeCode: 'audio-music', resourceTypeName: 'Lo-fi' });
    await createResource(client, { resourceTypeCode: 'audio', resourceTypeName: '有声书' });
  });
  afterAll(() => t.close());

  it('lists the ten types as a forest with configuration, attributes and online counts', async () => {
    const forest = await get<TypeTreeNode[]>(`${TYPES}/listSimpleByGroup`);
    expect(forest.map((node) => node.code)).toEqual([
      'markdown',
      'reveal_slide',
      'license',
      'image',
      'audio',
      'video',
      'theme',
      'widget',
      'json',
      'catalog',
    ]);
    expect(shape(forest.filter((node) => node.code === 'image'))).toBe(
      'image(image-illustration image-photo image-comic(image-comic-strip))',
    );
    const image = forest.find((node) => node.code === 'image') as TypeTreeNode;
    expect({ ...image, children: image.children.length }).toEqual({
      code: 'image',
      name: '图片',
      nameEn: 'Image',
      parentCode: '',
      level: 1,
      category: 1,
      groupCode: 'media',
      groupName: '影音图像',
      groupNameEn: 'Pictures and media',
      resourceType: ['image'],
      nameChain: '图片',
      resourceConfig: {
        fileCommitMode: 3,
        fileMaxSize: 200 * 1024 * 1024,
        formats: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'],
        supportDownload: 1,
        supportEdit: 0,
        supportOptionalConfig: 0,
        supportCreateBatch: 1,
      },
      attrs: [{ key: 'author', name: '作者', nameEn: 'Author', valueType: 'text' }],
      status: 1,
      sortNo: image.sortNo,
      resourceCount: 1,
      isTerminate: false,
      subjectType: [1],
      children: 4 - 1,
    });
    expect(image.children.find((node) => node.code === 'image-photo')).toMatchObject({
      resourceCount: 1,
      isTerminate: true,
      resourceType: ['image', '摄影'],
      nameChain: '图片/摄影',
      level: 2,
    });
    expect(forest.find((node) => node.code === 'video')?.resourceConfig.fileMaxSize).toBe(1024 * 1024 * 1024);
    expect(forest.find((node) => node.code === 'catalog')?.subjectType).toEqual([4]);
  });

  it('filters the forest by name, batch support and subject type, keeping the way to what matches', async () => {
    expect(shape(await get(`${TYPES}/listSimpleByGroup`, { codeOrName: '漫画' }))).toBe(
      'image(image-comic(image-comic-strip))',
    );
    expect(shape(await get(`${TYPES}/listSimpleByGroup`, { codeOrName: 'VIDEO' }))).toBe('video(video-short)');
    const batch = shape(await get(`${TYPES}/listSimpleByGroup`, { supportCreateBatch: 2 }));
    expect(batch).not.toMatch(/theme|widget|catalog|image-comic/);
    expect(batch).toContain('image(image-illustration image-photo)');
    expect(shape(await get(`${TYPES}/listSimpleByGroup`, { subjectType: 4 }))).toBe('catalog');
  });

  it('lists the custom sub-types resources use: online ones for all, the caller’s own with isMine', async () => {
    expect(shape(await get(`${TYPES}/listSimpleByGroup`, { category: 2 }))).toBe('audio(audio-music(~Lo-fi))');
    expect(shape(await get(`${TYPES}/listSimpleByGroup`, { category: 2, isMine: 'true' }, client))).toBe(
      'audio(audio-music(~Lo-fi) ~有声书)',
    );
    const custom = await get<TypeNodeWire[]>(`${TYPES}/listSimpleByParentCode`, { parentCode: 'audio', category: 2 });
    expect(custom).toEqual([
      expect.objectContaining({
        code: '',
        name: 'Lo-fi',
        parentCode: 'audio-music',
        category: 2,
        level: 3,
        resourceType: ['audio', '音乐', 'Lo-fi'],
        resourceCount: 1,
        isTerminate: true,
      }),
    ]);
  });

  it('lists a parent and what is below it, flat, with name and chain searches', async () => {
    const codes = (nodes: TypeNodeWire[]) => nodes.map((node) => node.code || node.name);
    expect(codes(await get(`${TYPES}/listSimpleByParentCode`, { parentCode: 'image', category: 1 }))).toEqual([
      'image',
      'image-illustration',
      'image-photo',
      'image-comic',
      'image-comic-strip',
    ]);
    expect(
      codes(
        await get(`${TYPES}/listSimpleByParentCode`, { parentCode: 'image', category: 1, excludeParentCode: 'true' }),
      ),
    ).toHaveLength(4);
    expect(
      codes(await get(`${TYPES}/listSimpleByParentCode`, { nameChain: '图片/漫画', isTerminate: 'true' })),
    ).toEqual(['image-comic-strip']);
    expect(codes(await get(`${TYPES}/listSimpleByParentCode`, { name: 'photo' }))).toEqual(['image-photo']);
    expect(await get(`${TYPES}/listSimpleByParentCode`, { parentCode: 'nope' })).toEqual([]);
  });

  it('reads one entry by code or by name', async () => {
    expect(await get(`${TYPES}/getInfoByCode`, { code: 'video-short' })).toMatchObject({
      code: 'video-short',
      parentCode: 'video',
      nameChain: '视频/短视频',
    });
    expect(await get(`${TYPES}/getInfoByCode`, { code: 'nope' })).toBeNull();
    expect(await get(`${TYPES}/getInfoByCodeOrName`, { name: 'illustration' })).toMatchObject({
      code: 'image-illustration',
    });
    expect(await get(`${TYPES}/getInfoByCodeOrName`, { name: '连载' })).toMatchObject({
      code: 'markdown-novel-serial',
      level: 3,
    });
    expect(await get(`${TYPES}/getInfoByCodeOrName`, { code: 'json' })).toMatchObject({ code: 'json' });
    expect(await get(`${TYPES}/getInfoByCodeOrName`, {})).toBeNull();
  });

  it('remembers the caller’s last distinct types, newest first', async () => {
    const { client: creator } = await t.login();
    for (const body of [
      { resourceTypeCode: 'image' },
      { resourceTypeCode: 'audio-music', resourceTypeName: 'Jazz' },
      { resourceTypeCode: 'json' },
      { resourceTypeCode: 'image' },
    ]) {
      t.clock.advance({ seconds: 1 });
      await createResource(creator, body);
    }
    const recent = await get<TypeNodeWire[]>(`${TYPES}/listSimple4Recently`, {}, creator);
    expect(recent.map((node) => node.resourceType)).toEqual([['image'], ['json'], ['audio', '音乐', 'Jazz']]);
    expect(recent[2]).toMatchObject({ code: '', name: 'Jazz', parentCode: 'audio-music', category: 2 });
    expect(errCodeOf(await t.client().get(`${TYPES}/listSimple4Recently`))).toBe(ErrCode.NotLoggedIn);
  });
});

describe('attributes, tags and market categories', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = <T>(path: string, query: Record<string, string | number> = {}) =>
    t.client().get<T>(path, { query }).then(dataOf);

  it('offer the attribute catalogue and each type’s attributes', async () => {
    const attributes = await get<{ key: string }[]>('/v2/resources/attrs/listSimple');
    expect(attributes.map((attribute) => attribute.key)).toContain('wordCount');
    expect(await get('/v2/resources/attrs/getInfoByKey', { key: 'bpm' })).toEqual({
      key: 'bpm',
      name: '节拍（BPM）',
      nameEn: 'Tempo (BPM)',
      valueType: 'int',
      min: 1,
      max: 400,
    });
    expect(await get('/v2/resources/attrs/getInfoByKey', { key: 'nope' })).toBeNull();
    expect(
      (await get<{ key: string }[]>(`${TYPES}/getAttrsByCode`, { code: 'audio-music' })).map(
        (attribute) => attribute.key,
      ),
    ).toEqual(['author', 'recordedAt', 'bpm']);
    expect(await get(`${TYPES}/getAttrsByCode`, { code: 'nope' })).toEqual([]);
  });

  it('recommend the public tags whose range holds the type', async () => {
    const names = async (query: Record<string, string>) =>
      (await get<TagWire[]>('/v2/resources/tags/availableTags', query)).map((tag) => tag.tagName);
    expect(await names({ resourceTypeCode: 'image-photo' })).toEqual(['原创', '教程', '插画', '摄影', '风景', '科幻']);
    expect(await names({ resourceTypeCode: 'catalog' })).toEqual(['原创']);
    expect(await names({ resourceType: 'audio' })).toEqual(['原创', '教程', '音乐']);
    const all = await names({});
    expect(all).not.toContain('测试数据');
    expect(all).not.toContain('编辑推荐');
    expect((await get<TagWire[]>('/v2/resources/tags/availableTags', { resourceTypeCode: 'json' }))[0]).toEqual({
      tagId: 1,
      tagName: '原创',
      tagType: 1,
    });
  });

  it('group the market categories, with a name search', async () => {
    const groups = await get<OperationGroupWire[]>('/v2/resources/operation-categories/listSimpleByGroup');
    expect(groups.map((group) => group.code)).toEqual(['featured', 'reading', 'pictures', 'media', 'sites']);
    expect(groups[1]?.children[0]).toEqual({
      code: 'reading-novels',
      name: '小说',
      nameEn: 'Novels',
      status: 1,
      sortNo: 1,
      parentCode: 'reading',
      resourceTypeCodes: ['markdown-novel'],
      tags: [],
    });
    const comics = await get<OperationGroupWire[]>('/v2/resources/operation-categories/listSimpleByGroup', {
      name: 'comic',
    });
    expect(comics.map((group) => [group.code, group.children.map((child) => child.code)])).toEqual([
      ['pictures', ['pictures-comics']],
    ]);
    expect(await get('/v2/resources/operation-categories/listSimpleByGroup', { status: 0 })).toEqual([]);
  });
});
