import { Type, type Static } from '@sinclair/typebox';
import { Hex24, IsoDate, PagingQuery } from './common';
import { DEPENDENCY_NAME_MAX_LENGTH, MAX_DEPENDENCIES, VERSION_RANGE_MAX_LENGTH } from '@tessera/domain';
import { DESCRIPTOR_TYPES, PROPERTY_LIMITS, type DescriptorTypeInput } from '@tessera/domain';

export const BucketType = { User: 1, System: 2 } as const;

export const BucketWire = Type.Object({
  bucketId: Hex24,
  bucketName: Type.String(),
  bucketType: Type.Integer({ description: '1 user, 2 system (.UserNodeData)' }),
  userId: Type.Integer(),
  totalFileQuantity: Type.Integer({ description: 'objects in the bucket' }),
  totalFileSize: Type.Integer({ description: 'bytes of those objects' }),
  createDate: IsoDate,
  updateDate: IsoDate,
});
export type BucketWire = Static<typeof BucketWire>;

export const SpaceStatisticsWire = Type.Object({
  storageLimit: Type.Integer({ description: 'the quota in bytes' }),
  bucketCount: Type.Integer({ description: 'user buckets (the system bucket is not counted)' }),
  totalFileSize: Type.Integer({ description: 'bytes of every object in every bucket of the caller' }),
});
export type SpaceStatisticsWire = Static<typeof SpaceStatisticsWire>;

export const SystemPropertyWire = Type.Object({
  fileSize: Type.Integer(),
  mime: Type.String(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  duration: Type.Optional(Type.Number({ description: 'seconds' })),
});
export type SystemPropertyWire = Static<typeof SystemPropertyWire>;

export const DescriptorWire = Type.Object({
  key: Type.String(),
  name: Type.String(),
  defaultValue: Type.String(),
  type: Type.String({ description: 'readonlyText, editableText or select' }),
  candidateItems: Type.Array(Type.String()),
  remark: Type.String(),
});
export type DescriptorWire = Static<typeof DescriptorWire>;

export const DependencyWire = Type.Object({
  name: Type.String({ description: '`bucket/objectName` or `username/resourceName`' }),
  type: Type.String({ description: 'object or resource' }),
  versionRange: Type.Optional(Type.String({ description: 'resources only' })),
});
export type DependencyWire = Static<typeof DependencyWire>;

export const ObjectWire = Type.Object({
  objectId: Hex24,
  objectName: Type.String(),
  bucketId: Hex24,
  bucketName: Type.String(),
  userId: Type.Integer(),
  sha1: Type.String(),
  fileSize: Type.Integer(),
  resourceType: Type.Array(Type.String(), { description: 'type path; empty when the object has no type' }),
  resourceTypeCode: Type.String({ description: "code of the type; '' when none" }),
  systemProperty: SystemPropertyWire,
  customPropertyDescriptors: Type.Array(DescriptorWire),
  customProperty: Type.Record(Type.String(), Type.String(), { description: 'key → default value' }),
  dependencies: Type.Array(DependencyWire),
  createDate: IsoDate,
  updateDate: IsoDate,
});
export type ObjectWire = Static<typeof ObjectWire>;

/** Objects of a list trimmed by `projection`. */
export const ObjectView = Type.Partial(ObjectWire);
export type ObjectView = Static<typeof ObjectView>;

const Projection = Type.String({ maxLength: 500, description: 'comma-separated fields to keep in each object' });
const QueryFlag = Type.Unsafe<'0' | '1' | 'true' | 'false'>({ type: 'string', enum: ['0', '1', 'true', 'false'] });

export const BucketNameParams = Type.Object({ bucketName: Type.String({ maxLength: 63 }) });
export type BucketNameParams = Static<typeof BucketNameParams>;

export const CreateBucketBody = Type.Object({
  bucketName: Type.String({ maxLength: 63, description: 'SPEC §5: 1–63 lowercase letters, digits, inner hyphens' }),
});
export type CreateBucketBody = Static<typeof CreateBucketBody>;

export const BucketListQuery = Type.Object({
  bucketType: Type.Integer({ minimum: 0, maximum: 2, default: 0, description: '0 all, 1 user, 2 system' }),
});
export type BucketListQuery = Static<typeof BucketListQuery>;

export const DeleteBucketQuery = Type.Object({ force: Type.Optional(QueryFlag) });
export type DeleteBucketQuery = Static<typeof DeleteBucketQuery>;
export const DeleteBucketBody = Type.Union([Type.Object({ force: Type.Optional(Type.Boolean()) }), Type.Null()]);
export type DeleteBucketBody = Static<typeof DeleteBucketBody>;

export const OBJECT_SORT_FIELDS = ['createDate', 'updateDate', 'objectName', 'fileSize'] as const;
export type ObjectSortField = (typeof OBJECT_SORT_FIELDS)[number];

export const ObjectListQuery = Type.Object({
  ...PagingQuery,
  keywords: Type.Optional(Type.String({ maxLength: 100, description: 'part of the object name, any case' })),
  resourceType: Type.Optional(Type.String({ maxLength: 40, description: 'objects whose type path has this entry' })),
  resourceTypeCode: Type.Optional(Type.String({ maxLength: 40, description: 'objects of this type code' })),
  isLoadingTypeless: Type.Optional(QueryFlag),
  omitResourceType: Type.Optional(
    Type.String({ maxLength: 40, description: 'leave out objects whose type path has this entry' }),
  ),
  mime: Type.Optional(
    Type.String({ maxLength: 200, description: 'comma list of MIME types (`image/png`) or families (`image`)' }),
  ),
  extNames: Type.Optional(
    Type.String({ maxLength: 200, description: 'comma list of name extensions (`png,jpg`), any case' }),
  ),
  sort: Type.Optional(
    Type.String({
      pattern: `^(?:${OBJECT_SORT_FIELDS.join('|')}):-?1$`,
      description: `field:1 or field:-1; fields ${OBJECT_SORT_FIELDS.join(', ')}; default createDate:-1`,
    }),
  ),
  projection: Type.Optional(Projection),
});
export type ObjectListQuery = Static<typeof ObjectListQuery>;

export const CreateObjectBody = Type.Object({
  objectName: Type.String({
    maxLength: 1000,
    description: 'forbidden characters of the resource-name rule become `_`; then 1–60 characters',
  }),
  sha1: Type.String({ pattern: '^[0-9a-fA-F]{40}$' }),
  resourceType: Type.Optional(Type.String({ maxLength: 40, description: 'a type code' })),
});
export type CreateObjectBody = Static<typeof CreateObjectBody>;

export const ObjectIdOrNameParams = Type.Object({
  objectIdOrName: Type.String({ maxLength: 1000, description: 'an object id, or `bucket/objectName` (encoded twice)' }),
});
export type ObjectIdOrNameParams = Static<typeof ObjectIdOrNameParams>;

export const BucketObjectParams = Type.Object({
  bucketName: Type.String({ maxLength: 63 }),
  objectId: Type.String({ maxLength: 24 }),
});
export type BucketObjectParams = Static<typeof BucketObjectParams>;

export const BucketObjectsParams = Type.Object({
  bucketName: Type.String({ maxLength: 63 }),
  objectIds: Type.String({ maxLength: 100 * 25, description: 'up to 100 comma-separated object ids' }),
});
export type BucketObjectsParams = Static<typeof BucketObjectsParams>;

const DescriptorType = Type.Unsafe<DescriptorTypeInput>({ type: 'string', enum: [...DESCRIPTOR_TYPES] });

export const DescriptorBody = Type.Object({
  key: Type.String({ maxLength: PROPERTY_LIMITS.keyLength }),
  name: Type.Optional(Type.String({ maxLength: PROPERTY_LIMITS.nameLength })),
  defaultValue: Type.Optional(Type.String({ maxLength: PROPERTY_LIMITS.defaultValueLength })),
  type: DescriptorType,
  candidateItems: Type.Optional(
    Type.Array(Type.String({ maxLength: PROPERTY_LIMITS.defaultValueLength }), {
      maxItems: PROPERTY_LIMITS.candidates,
    }),
  ),
  remark: Type.Optional(Type.String({ maxLength: PROPERTY_LIMITS.remarkLength })),
});
export type DescriptorBody = Static<typeof DescriptorBody>;

export const DependencyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: DEPENDENCY_NAME_MAX_LENGTH }),
  type: Type.Unsafe<'resource' | 'object'>({ type: 'string', enum: ['resource', 'object'] }),
  versionRange: Type.Optional(Type.String({ maxLength: VERSION_RANGE_MAX_LENGTH })),
});
export type DependencyBody = Static<typeof DependencyBody>;

const Dependencies = Type.Array(DependencyBody, { maxItems: MAX_DEPENDENCIES });

export const UpdateObjectBody = Type.Object({
  customPropertyDescriptors: Type.Optional(Type.Array(DescriptorBody, { maxItems: PROPERTY_LIMITS.descriptors })),
  dependencies: Type.Optional(Dependencies),
  resourceTypeCode: Type.Optional(Type.String({ maxLength: 40, description: "a type code; '' removes the type" })),
  resourceTypeName: Type.Optional(Type.String({ maxLength: 40, description: 'a custom sub-type under the code' })),
  resourceType: Type.Optional(
    Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 3,
      description: '2022 form: the whole type path; [] removes the type',
    }),
  ),
  objectName: Type.Optional(
    Type.String({ maxLength: 1000, description: '2022 form: a new name (same rule as on creation)' }),
  ),
});
export type UpdateObjectBody = Static<typeof UpdateObjectBody>;

const IdList = Type.Union(
  [Type.Array(Type.String({ maxLength: 24 }), { maxItems: 100 }), Type.String({ maxLength: 100 * 25 })],
  {
    description: 'object ids: an array or a comma-separated string (≤ 100)',
  },
);

export const UpdateBatchBody = Type.Object({
  objectIds: IdList,
  resourceTypeCode: Type.String({ maxLength: 40 }),
  resourceTypeName: Type.Optional(Type.String({ maxLength: 40 })),
});
export type UpdateBatchBody = Static<typeof UpdateBatchBody>;

export const ObjectLookupQuery = Type.Object({
  fullObjectNames: Type.Optional(
    Type.String({ maxLength: 100 * 130, description: 'comma-separated `bucket/objectName`' }),
  ),
  objectIds: Type.Optional(Type.String({ maxLength: 100 * 25, description: 'comma-separated object ids' })),
  projection: Type.Optional(Projection),
});
export type ObjectLookupQuery = Static<typeof ObjectLookupQuery>;

export const CycleCheckBody = Type.Object({ dependencies: Dependencies });
export type CycleCheckBody = Static<typeof CycleCheckBody>;
