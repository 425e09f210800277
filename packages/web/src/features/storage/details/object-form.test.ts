import { describe, expect, it } from 'vitest';
import type { DescriptorWire, ObjectWire } from '@tessera/contract/storage';
import {
  candidatesProblem,
  defaultValueProblem,
  dependencyNameProblem,
  isDependencyName,
  keyProblem,
  toChanges,
  toFormValues,
} from './object-form';

const object = (overrides: Partial<ObjectWire> = {}): ObjectWire => ({
  objectId: '6650a1c2e4b0f3d900000001',
  objectName: 'cover.png',
  bucketId: '6650a1c2e4b0f3d900000002',
  bucketName: 'photos',
  userId: 10001,
  sha1: 'a'.repeat(40),
  fileSize: 2048,
  resourceType: [],
  resourceTypeCode: '',
  systemProperty: { fileSize: 2048, mime: 'image/png' },
  customPropertyDescriptors: [],
  customProperty: {},
  dependencies: [],
  createDate: '2026-03-01T08:30:00.000Z',
  updateDate: '2026-03-01T08:30:00.000Z',
  ...overrides,
});

describe('the object editor values', () => {
  it('reads radio and checkbox descriptors as select and fills what is missing', () => {
    const values = toFormValues(
      object({
        resourceType: ['image', '插画'],
        resourceTypeCode: 'image',
        // Descriptors that leave out what they may (as a request does): the values fill it in.
        customPropertyDescriptors: [
          { key: 'mode', type: 'radio', defaultValue: 'day', candidateItems: ['day', 'night'] },
          { key: 'tags', type: 'checkbox', defaultValue: 'a', candidateItems: ['a'] },
          { key: 'note', type: 'readonlyText', defaultValue: 'x' },
        ] as DescriptorWire[],
        dependencies: [
          { type: 'resource', name: 'alice/theme', versionRange: '^1.0.0' },
          { type: 'object', name: 'photos/a.png' },
        ],
      }),
    );
    expect(values.resourceTypeCode).toBe('image');
    expect(values.customPropertyDescriptors.map((descriptor) => descriptor.type)).toEqual([
      'select',
      'select',
      'readonlyText',
    ]);
    expect(values.customPropertyDescriptors[2]).toEqual({
      key: 'note',
      name: '',
      type: 'readonlyText',
      defaultValue: 'x',
      candidateItems: [],
      remark: '',
    });
    expect(values.dependencies[1]).toEqual({ type: 'object', name: 'photos/a.png', versionRange: '' });
    expect(toFormValues(object()).resourceTypeCode).toBeUndefined();
  });

  it('sends the type only when it changed, so that a sub-type is kept', () => {
    const values = toFormValues(object({ resourceType: ['image', '插画'], resourceTypeCode: 'image' }));
    expect(toChanges(values, 'image')).not.toHaveProperty('resourceTypeCode');
    expect(toChanges({ ...values, resourceTypeCode: 'video' }, 'image').resourceTypeCode).toBe('video');
    expect(toChanges({ ...values, resourceTypeCode: undefined }, 'image').resourceTypeCode).toBe('');
  });

  it('sends choices only for select descriptors and version ranges only for resources, trimmed', () => {
    const changes = toChanges(
      {
        resourceTypeCode: undefined,
        customPropertyDescriptors: [
          {
            key: ' size ',
            name: ' 尺寸 ',
            type: 'editableText',
            defaultValue: 'M',
            candidateItems: ['S', 'M'],
            remark: ' ',
          },
          { key: 'mode', name: '', type: 'select', defaultValue: 'day', candidateItems: ['day', 'night'], remark: '' },
        ],
        dependencies: [
          { type: 'object', name: ' photos/a.png ', versionRange: '^1.0.0' },
          { type: 'resource', name: 'alice/theme', versionRange: ' ^1.2.0 ' },
        ],
      },
      undefined,
    );
    expect(changes).toEqual({
      customPropertyDescriptors: [
        { key: 'size', name: '尺寸', type: 'editableText', defaultValue: 'M', candidateItems: [], remark: '' },
        { key: 'mode', name: '', type: 'select', defaultValue: 'day', candidateItems: ['day', 'night'], remark: '' },
      ],
      dependencies: [
        { type: 'object', name: 'photos/a.png' },
        { type: 'resource', name: 'alice/theme', versionRange: '^1.2.0' },
      ],
    });
  });
});

describe('the object editor rules', () => {
  it('wants custom keys per SPEC §5, each once', () => {
    expect(keyProblem('author_2', ['mode'])).toBeNull();
    expect(keyProblem('9lives', [])).toEqual({ key: 'validation.customKey' });
    expect(keyProblem('a'.repeat(31), [])).toEqual({ key: 'validation.customKey' });
    expect(keyProblem('mode', ['mode'])).toEqual({ key: 'storagePage.details.rule.keyTwice', params: { key: 'mode' } });
  });

  it('wants 1 to 30 choices of at most 140 characters, and the default among them', () => {
    expect(candidatesProblem(['a'])).toBeNull();
    expect(candidatesProblem([])?.key).toBe('storagePage.details.rule.candidates');
    expect(candidatesProblem(Array.from({ length: 31 }, (_, index) => `c${index}`))?.key).toBe(
      'storagePage.details.rule.candidates',
    );
    expect(candidatesProblem(['x'.repeat(141)])).toEqual({
      key: 'storagePage.details.rule.maxLength',
      params: { max: 140 },
    });
    expect(defaultValueProblem('select', ['day', 'night'], 'day')).toBeNull();
    expect(defaultValueProblem('select', ['day', 'night'], 'noon')).toEqual({
      key: 'storagePage.details.rule.defaultNotCandidate',
    });
    expect(defaultValueProblem('editableText', [], 'anything')).toBeNull();
  });

  it('wants full names: bucket/object for objects, user/resource for resources, each once', () => {
    expect(isDependencyName('object', 'photos/cover.png')).toBe(true);
    expect(isDependencyName('object', '.UserNodeData/site.ncfg')).toBe(true);
    expect(isDependencyName('object', 'Photos/cover.png')).toBe(false);
    expect(isDependencyName('object', 'photos/a b.png')).toBe(false);
    expect(isDependencyName('resource', 'alice/my-theme')).toBe(true);
    expect(isDependencyName('resource', 'alice')).toBe(false);
    expect(isDependencyName('resource', '-alice/theme')).toBe(false);
    expect(
      dependencyNameProblem({ type: 'resource', name: 'Alice/Theme' }, [{ type: 'resource', name: 'alice/theme' }]),
    ).toEqual({
      key: 'storagePage.details.rule.dependencyTwice',
      params: { name: 'Alice/Theme' },
    });
    expect(
      dependencyNameProblem({ type: 'object', name: 'photos/a.png' }, [{ type: 'resource', name: 'photos/a.png' }]),
    ).toBeNull();
    expect(dependencyNameProblem({ type: 'object', name: 'nope' }, [])).toEqual({
      key: 'storagePage.details.rule.objectName',
    });
  });
});
