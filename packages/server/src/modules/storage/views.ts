// Rows as the wire carries them (DOMAIN §2.21, §2.22).
import type { DependencyWire, StoredDependency } from './dependencies';
import { customPropertyOf, type PropertyDescriptor } from '@tessera/domain';
import type { BucketRow, BucketTotals, ObjectRow } from './repo';
import type { BucketWire, ObjectWire } from '@tessera/contract/storage';

export function bucketWire(bucket: BucketRow, totals: BucketTotals | undefined): BucketWire {
  return {
    bucketId: bucket.bucketId,
    bucketName: bucket.bucketName,
    bucketType: bucket.bucketType,
    userId: bucket.userId,
    totalFileQuantity: totals?.totalFileQuantity ?? 0,
    totalFileSize: totals?.totalFileSize ?? 0,
    createDate: bucket.createDate,
    updateDate: bucket.updateDate,
  };
}

export function storedDependencies(object: Pick<ObjectRow, 'dependencies'>): StoredDependency[] {
  return JSON.parse(object.dependencies) as StoredDependency[];
}

export function storedDescriptors(object: Pick<ObjectRow, 'customPropertyDescriptors'>): PropertyDescriptor[] {
  return JSON.parse(object.customPropertyDescriptors) as PropertyDescriptor[];
}

/** Object dependencies under the current full name of their object (the stored one when it is gone). */
function dependencyWire(dependency: StoredDependency, currentNames: ReadonlyMap<string, string>): DependencyWire {
  if (dependency.type === 'object')
    return { name: currentNames.get(dependency.objectId) ?? dependency.name, type: 'object' };
  return { name: dependency.name, type: 'resource', versionRange: dependency.versionRange };
}

export function objectWire(object: ObjectRow, currentNames: ReadonlyMap<string, string>): ObjectWire {
  const descriptors = storedDescriptors(object);
  return {
    objectId: object.objectId,
    objectName: object.objectName,
    bucketId: object.bucketId,
    bucketName: object.bucketName,
    userId: object.userId,
    sha1: object.sha1,
    fileSize: Number(object.fileSize),
    resourceType: JSON.parse(object.resourceType) as string[],
    resourceTypeCode: object.resourceTypeCode,
    systemProperty: JSON.parse(object.systemProperty) as ObjectWire['systemProperty'],
    customPropertyDescriptors: descriptors,
    customProperty: customPropertyOf(descriptors),
    dependencies: storedDependencies(object).map((dependency) => dependencyWire(dependency, currentNames)),
    createDate: object.createDate,
    updateDate: object.updateDate,
  };
}

/** The fields a `projection` may keep. */
export const OBJECT_FIELDS: readonly (keyof ObjectWire)[] = [
  'objectId',
  'objectName',
  'bucketId',
  'bucketName',
  'userId',
  'sha1',
  'fileSize',
  'resourceType',
  'resourceTypeCode',
  'systemProperty',
  'customPropertyDescriptors',
  'customProperty',
  'dependencies',
  'createDate',
  'updateDate',
];
