// Wire shapes of the resource auth calls (DOMAIN §3.3, §5.2, §5.3, §5.6, §5.8; API.md §3.6 and the
// runtime's serviceStates): auth trees, auth results, batch results, the relation tree with its flags.
import { Type, type Static } from '@sinclair/typebox';
import { Hex24 } from './common';

export const AUTH_LIMITS = { resourcesPerBatch: 100 } as const;

const ContractRef = Type.Object({ policyId: Type.String(), contractId: Type.String() });
const VersionText = Type.String({ maxLength: 100 });
const CsvOf = (what: string) =>
  Type.String({ maxLength: AUTH_LIMITS.resourcesPerBatch * 101, description: `comma list of ${what}` });

export const AuthResourceParams = Type.Object({ resourceId: Hex24 });
export type AuthResourceParams = Static<typeof AuthResourceParams>;

/** The version a tree starts from: `version`, else the highest in `versionRange`, else the latest. */
export const AuthVersionQuery = Type.Object({
  version: Type.Optional(VersionText),
  versionRange: Type.Optional(VersionText),
});
export type AuthVersionQuery = Static<typeof AuthVersionQuery>;

/** An auth check's answer (DOMAIN §5.2): isAuth = authCode in 200–299. */
export const AuthResultWire = Type.Object({
  referee: Type.Integer({ description: '1 resource, 2 exhibit' }),
  authCode: Type.Integer({ description: 'DOMAIN §5.3' }),
  isAuth: Type.Boolean(),
  defaulterIdentityType: Type.Integer({
    description: 'who must act: 0 nobody, 1 a resource, 2 the node, 4 the consumer, 128 unknown',
  }),
  errorMsg: Type.String({ description: "'' when authorised; else in the caller's language" }),
  data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'what the client needs to fix it',
  }),
});
export type AuthResultWire = Static<typeof AuthResultWire>;

/** One concrete version that needs a licence, with the contracts its resolver holds on it (DOMAIN §3.3). */
export const AuthTreeItemWire = Type.Recursive(
  (Item) =>
    Type.Object({
      nid: Type.String({ description: 'the node id of the dependency tree' }),
      resourceId: Type.String(),
      resourceName: Type.String(),
      resourceType: Type.Array(Type.String()),
      version: Type.String(),
      versionId: Type.String(),
      versionRange: Type.String(),
      fileSha1: Type.String(),
      contracts: Type.Array(ContractRef, { description: "the resolver's contracts on this resource" }),
      children: Type.Array(Type.Array(Item), { description: 'what this version resolves, grouped per resource' }),
    }),
  { $id: 'AuthTreeItem' },
);
export type AuthTreeItemWire = Static<typeof AuthTreeItemWire>;

export const BatchAuthQuery = Type.Object({
  resourceIds: CsvOf('resource ids (≤ 100)'),
  versions: Type.Optional(CsvOf('versions, one per resource id')),
  versionRanges: Type.Optional(CsvOf('version ranges, one per resource id')),
});
export type BatchAuthQuery = Static<typeof BatchAuthQuery>;

export const BatchAuthResultWire = Type.Object({
  resourceId: Type.String(),
  resourceName: Type.String(),
  version: Type.String(),
  isAuth: Type.Boolean({ description: "the version's own upstream is authorised (DOMAIN §5.6)" }),
});
export type BatchAuthResultWire = Static<typeof BatchAuthResultWire>;

/** A node of the relation tree with its auth flags (DOMAIN §3.3). */
export const RelationTreeAuthNodeWire = Type.Recursive(
  (Node) =>
    Type.Object({
      resourceId: Type.String(),
      resourceName: Type.String(),
      resourceType: Type.Array(Type.String()),
      resourceStatus: Type.Integer({ description: '2 while frozen' }),
      versionRanges: Type.Array(Type.String()),
      versions: Type.Array(Type.String()),
      downstreamIsAuth: Type.Boolean({
        description: "the root version's contracts on it are authorised (true when the root does not resolve it)",
      }),
      downstreamAuthContractIds: Type.Array(Type.String(), { description: "the root version's contracts on it" }),
      selfAndUpstreamIsAuth: Type.Boolean({ description: 'its own upstream is authorised' }),
      children: Type.Array(Node),
    }),
  { $id: 'RelationTreeAuthNode' },
);
export type RelationTreeAuthNodeWire = Static<typeof RelationTreeAuthNodeWire>;

export const LicenseeAuthQuery = Type.Object({
  licenseeId: Hex24,
  version: Type.Optional(VersionText),
});
export type LicenseeAuthQuery = Static<typeof LicenseeAuthQuery>;

export const ServiceStateWire = Type.Object({ name: Type.String(), type: Type.String(), value: Type.Integer() });
export type ServiceStateWire = Static<typeof ServiceStateWire>;
