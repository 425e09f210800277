import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILE_MAX_SIZE,
  FileCommitMode,
  RESOURCE_ATTRIBUTES,
  RESOURCE_TYPE_CATALOGUE,
  RESOURCE_TYPE_CODES,
  RESOURCE_TYPE_GROUPS,
  resolveResourceType,
  resolveResourceTypePath,
  resourceTypeEntry,
  typeCodeWithDescendants,
  typeEntryChain,
  VIDEO_FILE_MAX_SIZE,
} from './resource-types';
import { isResourceType } from './validation';

describe('the type catalogue', () => {
  it('holds the ten level-1 types, each in a known group, plus deeper entries', () => {
    const level1 = RESOURCE_TYPE_CATALOGUE.filter((entry) => entry.level === 1);
    expect(level1.map((entry) => entry.code).sort()).toEqual([...RESOURCE_TYPE_CODES].sort());
    const groups = new Set(RESOURCE_TYPE_GROUPS.map((group) => group.code));
    for (const entry of RESOURCE_TYPE_CATALOGUE) expect(groups.has(entry.groupCode)).toBe(true);
    expect(RESOURCE_TYPE_CATALOGUE.some((entry) => entry.level === 3)).toBe(true);
    expect(new Set(RESOURCE_TYPE_CATALOGUE.map((entry) => entry.code)).size).toBe(RESOURCE_TYPE_CATALOGUE.length);
  });

  it('names deeper entries by the type rule, so a path can hold them', () => {
    for (const entry of RESOURCE_TYPE_CATALOGUE.filter((item) => item.level > 1))
      expect(isResourceType(entry.names.zh_CN)).toBe(true);
  });

  it('gives files 200 MiB, video 1 GiB, collections no file; sub-types inherit', () => {
    expect(resourceTypeEntry('image')?.resourceConfig.fileMaxSize).toBe(DEFAULT_FILE_MAX_SIZE);
    expect(resourceTypeEntry('video')?.resourceConfig.fileMaxSize).toBe(VIDEO_FILE_MAX_SIZE);
    expect(resourceTypeEntry('video-short')?.resourceConfig).toEqual(resourceTypeEntry('video')?.resourceConfig);
    expect(resourceTypeEntry('catalog')?.resourceConfig).toMatchObject({ fileCommitMode: 0, supportCreateBatch: 0 });
    const modeOf = (code: string): number => resourceTypeEntry(code)?.resourceConfig.fileCommitMode ?? 0;
    expect(modeOf('markdown') & FileCommitMode.MarkdownEditor).toBeTruthy();
    expect(modeOf('image-comic') & FileCommitMode.ComicTool).toBeTruthy();
  });

  it('offers attributes that exist', () => {
    const keys = new Set(RESOURCE_ATTRIBUTES.map((attribute) => attribute.key));
    for (const entry of RESOURCE_TYPE_CATALOGUE) for (const key of entry.attrs) expect(keys.has(key)).toBe(true);
  });

  it('walks chains and subtrees', () => {
    expect(typeEntryChain('image-comic-strip').map((entry) => entry.code)).toEqual([
      'image',
      'image-comic',
      'image-comic-strip',
    ]);
    expect(typeCodeWithDescendants('image-comic')).toEqual(['image-comic', 'image-comic-strip']);
    expect(typeCodeWithDescendants('nope')).toEqual([]);
  });
});

describe('resolving a type', () => {
  it('from a code at any level, with an optional custom name', () => {
    expect(resolveResourceType('image')).toEqual({
      resourceType: ['image'],
      resourceTypeCode: 'image',
      customTypeName: '',
    });
    expect(resolveResourceType('image-comic-strip')).toEqual({
      resourceType: ['image', '漫画', '条漫'],
      resourceTypeCode: 'image-comic-strip',
      customTypeName: '',
    });
    expect(resolveResourceType('image', '水彩')).toEqual({
      resourceType: ['image', '水彩'],
      resourceTypeCode: 'image',
      customTypeName: '水彩',
    });
    expect(resolveResourceType('image', '插画')).toEqual({
      resourceType: ['image', '插画'],
      resourceTypeCode: 'image-illustration',
      customTypeName: '',
    });
    expect(resolveResourceType('image-comic', 'Four-panel')).toMatchObject({
      resourceType: ['image', '漫画', 'Four-panel'],
    });
  });

  it('refuses unknown codes, bad names and a fourth level', () => {
    expect(resolveResourceType('comic')).toBeNull();
    expect(resolveResourceType('image', 'has space')).toBeNull();
    expect(resolveResourceType('image-comic-strip', 'extra')).toBeNull();
  });

  it('from a whole path, matching catalogue names in either language', () => {
    expect(resolveResourceTypePath(['image', 'Illustration'])).toMatchObject({
      resourceType: ['image', '插画'],
      resourceTypeCode: 'image-illustration',
    });
    expect(resolveResourceTypePath(['markdown', '小说', '连载'])).toMatchObject({
      resourceTypeCode: 'markdown-novel-serial',
    });
    expect(resolveResourceTypePath(['audio', '有声书'])).toEqual({
      resourceType: ['audio', '有声书'],
      resourceTypeCode: 'audio',
      customTypeName: '有声书',
    });
    expect(resolveResourceTypePath(['audio', 'x', 'y'])).toBeNull();
    expect(resolveResourceTypePath(['podcast'])).toBeNull();
  });
});
