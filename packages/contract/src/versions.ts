// Wire shapes of the version calls (API.md §3.6, DOMAIN §2.6, §2.7, §3.3).
import { Type, type Static } from '@sinclair/typebox';
import { Hex24 } from './common';
import { DESCRIPTION_MAX_LENGTH, PROPERTY_LIMITS } from '@tessera/domain';
import { DescriptorBody, DescriptorWire } from './storage';

export const VERSION_LIMITS = {
  filenameLength: 200,
  descriptionLength: DESCRIPTION_MAX_LENGTH,
  dependencies: 100,
  contractsPerResource: 10,
  draftBytes: 1024 * 1024,
  idsPerCall: 100,
  contractIdsPerCall: 200,
  contractSubjects: 200,
  contractOperationsPerSubject: 500,
} as const;

const Md5 = Type.String({ pattern: '^[0-9a-f]{32}$' });
const Projection = Type.Optional(Type.String({ maxLength: 1000, description: 'comma list of fields to keep' }));

export const DependencyBody = Type.Object(
  { resourceId: Type.String({ maxLength: 40 }), versionRange: Type.String({ maxLength: 100 }) },
  { additionalProperties: true },
);
export type DependencyBody = Static<typeof DependencyBody>;
const UpcastBody = Type.Object({ resourceId: Type.String({ maxLength: 40 }) }, { additionalProperties: true });
const ResolveBody = Type.Object(
  {
    resourceId: Type.String({ maxLength: 40 }),
    contracts: Type.Array(Type.Object({ policyId: Type.String({ maxLength: 40 }) }, { additionalProperties: true }), {
      maxItems: 20,
    }),
  },
  { additionalProperties: true },
);
const SignBody = Type.Object(
  {
    resourceId: Type.String({ maxLength: 40 }),
    policyIds: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
  },
  { additionalProperties: true },
);

export const CreateVersionBody = Type.Object(
  {
    version: Type.String({ maxLength: 100 }),
    fileSha1: Type.String({ maxLength: 40 }),
    filename: Type.String({ minLength: 1, maxLength: VERSION_LIMITS.filenameLength }),
    description: Type.Optional(Type.String({ maxLength: VERSION_LIMITS.descriptionLength })),
    customPropertyDescriptors: Type.Optional(Type.Array(DescriptorBody, { maxItems: PROPERTY_LIMITS.descriptors })),
    dependencies: Type.Optional(Type.Array(DependencyBody, { maxItems: VERSION_LIMITS.dependencies })),
    baseUpcastResources: Type.Optional(Type.Array(UpcastBody, { maxItems: VERSION_LIMITS.dependencies * 2 })),
    resolveResources: Type.Optional(Type.Array(ResolveBody, { maxItems: VERSION_LIMITS.dependencies * 2 })),
    batchSignContracts: Type.Optional(Type.Array(SignBody, { maxItems: VERSION_LIMITS.dependencies * 2 })),
    authExcludedItems: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
    inputAttrs: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
  },
  { additionalProperties: true },
);
export type CreateVersionBody = Static<typeof CreateVersionBody>;

export const UpdateVersionBody = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: VERSION_LIMITS.descriptionLength })),
    customPropertyDescriptors: Type.Optional(Type.Array(DescriptorBody, { maxItems: PROPERTY_LIMITS.descriptors })),
    resolveResources: Type.Optional(
      Type.Array(ResolveBody, {
        maxItems: VERSION_LIMITS.dependencies * 2,
        description: "resources the version already resolves: the given policies' contracts replace each one's list",
      }),
    ),
  },
  { additionalProperties: true },
);
export type UpdateVersionBody = Static<typeof UpdateVersionBody>;

/** batchSetContracts: 0 takes the policy's contract out of the version's list, 1 signs (or reuses) and adds it. */
export const ContractOperation = { Remove: 0, Apply: 1 } as const;
export const BatchSetContractsBody = Type.Object(
  {
    subjects: Type.Array(
      Type.Object(
        {
          subjectId: Type.String({ maxLength: 40 }),
          versions: Type.Array(
            Type.Object(
              {
                version: Type.String({ maxLength: 100 }),
                policyId: Type.String({ maxLength: 40 }),
                operation: Type.Union([Type.Literal(ContractOperation.Remove), Type.Literal(ContractOperation.Apply)]),
              },
              { additionalProperties: true },
            ),
            { minItems: 1, maxItems: VERSION_LIMITS.contractOperationsPerSubject },
          ),
        },
        { additionalProperties: true },
      ),
      { minItems: 1, maxItems: VERSION_LIMITS.contractSubjects },
    ),
  },
  { additionalProperties: true },
);
export type BatchSetContractsBody = Static<typeof BatchSetContractsBody>;

export const CoverageVersionsQuery = Type.Object({
  contractIds: Type.String({ maxLength: 5000, description: 'comma list, ≤ 200' }),
});
export type CoverageVersionsQuery = Static<typeof CoverageVersionsQuery>;

export const ResourceIdParams = Type.Object({ resourceId: Hex24 });
export type ResourceIdParams = Static<typeof ResourceIdParams>;
export const VersionParams = Type.Object({ resourceId: Hex24, version: Type.String({ maxLength: 100 }) });
export type VersionParams = Static<typeof VersionParams>;
export const FileParams = Type.Object({ fileSha1: Type.String({ pattern: '^[0-9a-fA-F]{40}$' }) });
export type FileParams = Static<typeof FileParams>;

export const ProjectionQuery = Type.Object({ projection: Projection });
export type ProjectionQuery = Static<typeof ProjectionQuery>;
export const VersionsQuery = Type.Object({
  version: Type.Optional(Type.String({ maxLength: 100 })),
  projection: Projection,
  sort: Type.Optional(Type.String({ maxLength: 40 })),
});
export type VersionsQuery = Static<typeof VersionsQuery>;
export const DetailQuery = Type.Object({ versionId: Md5, projection: Projection });
export type DetailQuery = Static<typeof DetailQuery>;
export const ListQuery = Type.Object({
  versionIds: Type.String({ maxLength: 4000, description: 'comma list, ≤ 100' }),
  projection: Projection,
});
export type ListQuery = Static<typeof ListQuery>;
export const FileSha1Query = Type.Object({ fileSha1: Type.String({ pattern: '^[0-9a-fA-F]{40}$' }) });
export type FileSha1Query = Static<typeof FileSha1Query>;
export const CycleCheckBody = Type.Object(
  { dependencies: Type.Array(DependencyBody, { maxItems: VERSION_LIMITS.dependencies }) },
  { additionalProperties: true },
);
export type CycleCheckBody = Static<typeof CycleCheckBody>;
export const DraftBody = Type.Object({ draftData: Type.Unknown() }, { additionalProperties: true });
export type DraftBody = Static<typeof DraftBody>;
export const TreeQuery = Type.Object({
  version: Type.Optional(Type.String({ maxLength: 100 })),
  versionRange: Type.Optional(Type.String({ maxLength: 100 })),
  maxDeep: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  omitFields: Type.Optional(Type.String({ maxLength: 500 })),
  isContainRootNode: Type.Optional(Type.String({ pattern: '^(?:0|1|true|false)?$' })),
});
export type TreeQuery = Static<typeof TreeQuery>;

const ResourceRef = Type.Object({ resourceId: Type.String(), resourceName: Type.String() });
const ContractRef = Type.Object({ policyId: Type.String(), contractId: Type.String() });

export const VersionWire = Type.Object({
  versionId: Type.String(),
  resourceId: Type.String(),
  resourceName: Type.String(),
  userId: Type.Integer(),
  resourceType: Type.Array(Type.String()),
  version: Type.String(),
  fileSha1: Type.String(),
  filename: Type.String(),
  description: Type.String(),
  dependencies: Type.Array(
    Type.Object({ resourceId: Type.String(), resourceName: Type.String(), versionRange: Type.String() }),
  ),
  upcastResources: Type.Array(ResourceRef),
  resolveResources: Type.Array(
    Type.Object({ resourceId: Type.String(), resourceName: Type.String(), contracts: Type.Array(ContractRef) }),
  ),
  systemProperty: Type.Record(Type.String(), Type.Unknown()),
  customPropertyDescriptors: Type.Array(DescriptorWire),
  customProperty: Type.Record(Type.String(), Type.String()),
  status: Type.Integer(),
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type VersionWire = Static<typeof VersionWire>;
export const VersionView = Type.Partial(VersionWire);

export const DraftWire = Type.Object({
  resourceId: Type.String(),
  userId: Type.Integer(),
  resourceType: Type.Array(Type.String()),
  draftData: Type.Unknown(),
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type DraftWire = Static<typeof DraftWire>;

export const ResolveResourceWire = Type.Object({
  resourceId: Type.String(),
  resourceName: Type.String(),
  versions: Type.Array(
    Type.Object({ version: Type.String(), versionId: Type.String(), contracts: Type.Array(ContractRef) }),
  ),
});
export type ResolveResourceWire = Static<typeof ResolveResourceWire>;

/** Per contract, the versions of the resource whose resolveResources list it. */
export const CoverageVersionsWire = Type.Object({
  contractId: Type.String(),
  versions: Type.Array(Type.Object({ version: Type.String(), versionId: Type.String() })),
});
export type CoverageVersionsWire = Static<typeof CoverageVersionsWire>;

/** A node of the dependency tree: a dependency at the highest version its range matches now. */
export const DependencyTreeNodeWire = Type.Recursive(
  (Node) =>
    Type.Object({
      nid: Type.String(),
      resourceId: Type.String(),
      resourceName: Type.String(),
      resourceType: Type.Array(Type.String()),
      version: Type.String(),
      versions: Type.Array(Type.String()),
      versionRange: Type.String(),
      versionId: Type.String(),
      fileSha1: Type.String(),
      baseUpcastResources: Type.Array(ResourceRef),
      resolveResources: Type.Array(
        Type.Object({ resourceId: Type.String(), resourceName: Type.String(), contracts: Type.Array(ContractRef) }),
      ),
      dependencies: Type.Array(Node),
    }),
  { $id: 'DependencyTreeNode' },
);
export type DependencyTreeNodeWire = Static<typeof DependencyTreeNodeWire>;

/** A node of the relation tree (DOMAIN §3.3): the resource, its dependencies, their base upcasts. */
export const RelationTreeNodeWire = Type.Recursive(
  (Node) =>
    Type.Object({
      resourceId: Type.String(),
      resourceName: Type.String(),
      resourceType: Type.Array(Type.String()),
      resourceStatus: Type.Integer({ description: '2 while frozen' }),
      versionRanges: Type.Array(Type.String()),
      versions: Type.Array(Type.String()),
      children: Type.Array(Node),
    }),
  { $id: 'RelationTreeNode' },
);
export type RelationTreeNodeWire = Static<typeof RelationTreeNodeWire>;
