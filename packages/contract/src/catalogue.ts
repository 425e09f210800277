// Wire shapes of the type catalogue, attributes, tags and market categories (DOMAIN §2.8, §2.9).
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { QueryFlag } from './policies';

export const AttributeWire = Type.Object({
  key: Type.String(),
  name: Type.String({ description: 'zh_CN' }),
  nameEn: Type.String(),
  valueType: Type.String({ description: 'text, int, decimal, date or datetime' }),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
});
export type AttributeWire = Static<typeof AttributeWire>;

export const ResourceConfigWire = Type.Object({
  fileCommitMode: Type.Integer({
    description: 'bit flags: 1 local upload, 2 from storage, 4 Markdown editor, 8 comic tool',
  }),
  fileMaxSize: Type.Integer({ description: 'bytes' }),
  formats: Type.Array(Type.String(), { description: 'allowed extensions; empty = any' }),
  supportDownload: Type.Integer(),
  supportEdit: Type.Integer(),
  supportOptionalConfig: Type.Integer(),
  supportCreateBatch: Type.Integer(),
});

const typeNodeFields = {
  code: Type.String({ description: "catalogue code; '' for a custom sub-type (category 2)" }),
  name: Type.String({ description: 'zh_CN name (what a type path holds)' }),
  nameEn: Type.String(),
  parentCode: Type.String(),
  level: Type.Integer({ description: '1–3' }),
  category: Type.Integer({ description: '1 catalogue, 2 custom sub-type used by resources' }),
  groupCode: Type.String(),
  groupName: Type.String(),
  groupNameEn: Type.String(),
  resourceType: Type.Array(Type.String(), { description: 'the type path a resource of this type has' }),
  nameChain: Type.String({ description: 'zh_CN names from level 1, joined by /' }),
  resourceConfig: ResourceConfigWire,
  attrs: Type.Array(AttributeWire),
  status: Type.Integer({ description: '1 visible, 0 hidden' }),
  sortNo: Type.Integer(),
  resourceCount: Type.Integer({ description: 'online resources of this type and below' }),
  isTerminate: Type.Boolean({ description: 'no catalogue entry below it' }),
  subjectType: Type.Array(Type.Integer(), { description: '[1] ordinary resources, [4] collections' }),
};

export const TypeNodeWire = Type.Object(typeNodeFields);
export type TypeNodeWire = Static<typeof TypeNodeWire>;

function withChildren<T extends TProperties>(children: TObject<T>) {
  return Type.Object({ ...typeNodeFields, children: Type.Array(children) });
}

/** The catalogue as a forest (at most three levels). */
export const TypeTreeWire = withChildren(withChildren(withChildren(Type.Object(typeNodeFields))));
export type TypeTreeNode = TypeNodeWire & { children: TypeTreeNode[] };

const SubjectTypeFilter = Type.Integer({
  minimum: 1,
  maximum: 5,
  description: '1 ordinary resources, 4 collections, 5 all',
});
const BatchFilter = Type.Integer({
  minimum: 1,
  maximum: 2,
  description: '2 only types that support batch creation, 1 only those that do not',
});

export const TypeGroupQuery = Type.Object({
  codeOrName: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 catalogue, 2 custom sub-types' })),
  isMine: Type.Optional(QueryFlag),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  supportCreateBatch: Type.Optional(BatchFilter),
  subjectType: Type.Optional(SubjectTypeFilter),
});
export type TypeGroupQuery = Static<typeof TypeGroupQuery>;

export const TypeByParentQuery = Type.Object({
  parentCode: Type.Optional(Type.String({ maxLength: 60 })),
  name: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  excludeParentCode: Type.Optional(QueryFlag),
  isTerminate: Type.Optional(QueryFlag),
  nameChain: Type.Optional(Type.String({ maxLength: 200 })),
  subjectType: Type.Optional(SubjectTypeFilter),
  supportCreateBatch: Type.Optional(BatchFilter),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type TypeByParentQuery = Static<typeof TypeByParentQuery>;

export const TypeCodeQuery = Type.Object({ code: Type.String({ maxLength: 60 }) });
export type TypeCodeQuery = Static<typeof TypeCodeQuery>;

export const TypeCodeOrNameQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 60 })),
  name: Type.Optional(Type.String({ maxLength: 60 })),
});
export type TypeCodeOrNameQuery = Static<typeof TypeCodeOrNameQuery>;

export const AttributeKeyQuery = Type.Object({ key: Type.String({ maxLength: 60 }) });
export type AttributeKeyQuery = Static<typeof AttributeKeyQuery>;

export const AvailableTagsQuery = Type.Object({
  resourceTypeCode: Type.Optional(Type.String({ maxLength: 60 })),
  resourceType: Type.Optional(
    Type.String({ maxLength: 60, description: 'older clients: the same as resourceTypeCode' }),
  ),
});
export type AvailableTagsQuery = Static<typeof AvailableTagsQuery>;

export const TagWire = Type.Object({
  tagId: Type.Integer(),
  tagName: Type.String(),
  tagType: Type.Integer({ description: '1 category, 2 operation' }),
});
export type TagWire = Static<typeof TagWire>;

const categoryFields = {
  code: Type.String(),
  name: Type.String({ description: 'zh_CN' }),
  nameEn: Type.String(),
  status: Type.Integer(),
  sortNo: Type.Integer(),
};

export const OperationCategoryWire = Type.Object({
  ...categoryFields,
  parentCode: Type.String(),
  resourceTypeCodes: Type.Array(Type.String(), {
    description: 'types (and everything below them) the category holds; empty = any',
  }),
  tags: Type.Array(Type.String(), { description: 'operation tags the category holds; empty = any' }),
});
export type OperationCategoryWire = Static<typeof OperationCategoryWire>;

export const OperationGroupWire = Type.Object({ ...categoryFields, children: Type.Array(OperationCategoryWire) });
export type OperationGroupWire = Static<typeof OperationGroupWire>;

export const OperationCategoryQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 60 })),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type OperationCategoryQuery = Static<typeof OperationCategoryQuery>;
