import { describe, expect, it } from 'vitest';
import {
  buildResourceTypePath,
  isLevel1ResourceTypeCode,
  isResourceTypePath,
  LEVEL1_RESOURCE_TYPES,
  RESOURCE_TYPE_CODES,
  resourceTypeCodeOf,
  resourceTypeName,
} from './resource-types';

describe('level-1 resource types', () => {
  it('are the ten types of SPEC §1, each named in both languages', () => {
    expect(RESOURCE_TYPE_CODES).toEqual([
      'json',
      'widget',
      'image',
      'audio',
      'markdown',
      'theme',
      'reveal_slide',
      'license',
      'video',
      'catalog',
    ]);
    expect(LEVEL1_RESOURCE_TYPES.map((type) => type.code)).toEqual(RESOURCE_TYPE_CODES);
    for (const { names } of LEVEL1_RESOURCE_TYPES) {
      expect(names.zh_CN).not.toBe('');
      expect(names.en_US).not.toBe('');
    }
    expect(resourceTypeName('image', 'en_US')).toBe('Image');
    expect(resourceTypeName('image', 'zh_CN')).toBe('图片');
    expect(resourceTypeName('comic', 'en_US')).toBeUndefined();
  });

  it('recognises codes exactly', () => {
    expect(isLevel1ResourceTypeCode('reveal_slide')).toBe(true);
    expect(isLevel1ResourceTypeCode('Image')).toBe(false);
    expect(isLevel1ResourceTypeCode(3)).toBe(false);
  });
});

describe('type paths', () => {
  it('are built from a code and an optional custom name', () => {
    expect(buildResourceTypePath('image')).toEqual(['image']);
    expect(buildResourceTypePath('image', '')).toEqual(['image']);
    expect(buildResourceTypePath('image', '插画')).toEqual(['image', '插画']);
    expect(buildResourceTypePath('comic')).toBeNull();
    expect(buildResourceTypePath('image', 'has space')).toBeNull();
    expect(buildResourceTypePath('image', 'x'.repeat(41))).toBeNull();
  });

  it('have 1–3 entries, a level-1 code first', () => {
    expect(isResourceTypePath(['audio'])).toBe(true);
    expect(isResourceTypePath(['audio', 'podcast', 'Talk-1'])).toBe(true);
    expect(isResourceTypePath([])).toBe(false);
    expect(isResourceTypePath(['audio', 'a', 'b', 'c'])).toBe(false);
    expect(isResourceTypePath(['podcast'])).toBe(false);
    expect(isResourceTypePath(['audio', 'a/b'])).toBe(false);
    expect(isResourceTypePath('audio')).toBe(false);
  });

  it('name their code by the first entry', () => {
    expect(resourceTypeCodeOf(['image', '插画'])).toBe('image');
    expect(resourceTypeCodeOf([])).toBe('');
  });
});
