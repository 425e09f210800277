import { describe, expect, it } from 'vitest';
import { isVersionRange } from '@tessera/domain';
import { isResourceFullName } from './dependencies';
import { decodeIdOrName } from '../../platform/http/requests';
import { parseFullObjectName, parseObjectReference, sanitizeObjectName } from './object-name';

describe('object names', () => {
  it('replace every forbidden character and keep the rest', () => {
    for (const character of [
      '\\',
      '/',
      ':',
      '*',
      '?',
      '"',
      '<',
      '>',
      '|',
      ' ',
      '\t',
      '\n',
      '\u3000',
      '@',
      '$',
      '#',
      '\u0000',
      '\u007f',
      '\u200b',
      '\u202e',
    ]) {
      expect(sanitizeObjectName(`a${character}b`), JSON.stringify(character)).toEqual({ name: 'a_b' });
    }
    expect(sanitizeObjectName('données-1.0_(copy)+[x]!&%.txt')).toEqual({ name: 'données-1.0_(copy)+[x]!&%.txt' });
  });

  it('are refused when empty, longer than 60 code points or only dots', () => {
    expect(sanitizeObjectName(' \t ')).toEqual({ problem: 'required' });
    expect(sanitizeObjectName('😀'.repeat(60))).toEqual({ name: '😀'.repeat(60) });
    expect(sanitizeObjectName('😀'.repeat(61))).toEqual({ problem: 'tooLong' });
    expect(sanitizeObjectName('..')).toEqual({ problem: 'dotsOnly' });
    expect(sanitizeObjectName('../')).toEqual({ name: '.._' });
  });

  it('are split from their bucket at the first slash', () => {
    expect(parseFullObjectName('my-bucket/a/b')).toEqual({ bucketName: 'my-bucket', objectName: 'a/b' });
    expect(parseFullObjectName('.UserNodeData/site.ncfg')).toEqual({
      bucketName: '.UserNodeData',
      objectName: 'site.ncfg',
    });
    expect(parseFullObjectName('Bad_Bucket/x')).toBeNull();
    expect(parseFullObjectName('bucket/')).toBeNull();
    expect(parseFullObjectName('/x')).toBeNull();
    expect(parseObjectReference('0123456789abcdef01234567')).toEqual({ objectId: '0123456789abcdef01234567' });
    expect(parseObjectReference('nothing')).toBeNull();
  });

  it('are decoded a second time only when escapes remain', () => {
    expect(decodeIdOrName('bucket%2Fphoto.png')).toBe('bucket/photo.png');
    expect(decodeIdOrName('bucket/50%off.png')).toBe('bucket/50%off.png');
    expect(decodeIdOrName('bucket/%E7%85%A7.png')).toBe('bucket/照.png');
    expect(decodeIdOrName('bucket/%E7%85.png')).toBe('bucket/%E7%85.png');
  });
});

describe('dependency names and version ranges', () => {
  it('accept npm-style ranges without pre-release tags', () => {
    for (const range of [
      '',
      '*',
      'x',
      '1',
      '1.x',
      '1.2.X',
      '^1.2.0',
      '~1.2',
      '>=1.0.0 <2.0.0',
      '>= 1.0.0',
      '1.0.0 - 2.3.4',
      '1.x || >=2.5.0 || 5.0.0 - 7.2.3',
      'v1.2.3',
      '=1.0.0',
    ]) {
      expect(isVersionRange(range), range).toBe(true);
    }
    for (const range of [
      'latest',
      '1.2.3.4',
      '01.2.3',
      '^1.2.0-beta',
      '>=',
      '1.0.0 -',
      '>>1.0.0',
      '1.0.0 - 2.0.0 - 3.0.0',
      'x'.repeat(101),
    ]) {
      expect(isVersionRange(range), range).toBe(false);
    }
  });

  it('name resources as username/resourceName', () => {
    expect(isResourceFullName('alice/my-lib')).toBe(true);
    expect(isResourceFullName('alice/图片集')).toBe(true);
    expect(isResourceFullName('alice')).toBe(false);
    expect(isResourceFullName('-alice/lib')).toBe(false);
    expect(isResourceFullName('alice/a/b')).toBe(false);
    expect(isResourceFullName('alice/with space')).toBe(false);
  });
});
