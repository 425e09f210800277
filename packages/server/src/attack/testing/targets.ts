// What the attacker aims at: the owner's things by the parameter names routes take them under.
// A private target must look exactly like something that does not exist; a public one may be read,
// but never with private content.
import { randomBytes } from 'node:crypto';
import type { OwnerWorld } from './owner';
import type { Route, Schema } from './openapi';
import { fieldNamesOf } from './openapi';

export type Target = {
  name: string;
  private: boolean;
  /** Values by parameter or body field name (lists are joined with commas in paths and queries). */
  values: Record<string, string | string[]>;
  /** Path parameters that go with them (an object's bucket, a resource's version): they do not make a route aimed. */
  companions?: Record<string, string>;
};

const hex = (length: number) => randomBytes(length).toString('hex').slice(0, length);

/** What the attacker owns: where they try to put the owner's files (possession of a file by its sha1). */
export type AttackerWorld = { bucketName: string; resourceId: string };

export function ownerTargets(owner: OwnerWorld, attacker: AttackerWorld): Target[] {
  const { unreleased, online } = owner;
  const fullObjectName = `${owner.bucketName}/${owner.objectName}`;
  const file = (name: string, isPrivate: boolean, sha1: string): Target => ({
    name,
    private: isPrivate,
    values: { sha1, sha1s: [sha1], fileSha1: sha1 },
    companions: { bucketName: attacker.bucketName, resourceId: attacker.resourceId, version: '1.0.0' },
  });
  return [
    {
      name: 'unreleased resource',
      private: true,
      values: {
        resourceId: unreleased.resourceId,
        resourceIdOrName: unreleased.resourceId,
        resourceIds: [unreleased.resourceId],
        resourceNames: [unreleased.resourceName],
        resourceName: unreleased.resourceName,
        resolveResourceIds: [unreleased.resourceId],
        ...asContractParty(unreleased),
      },
      companions: { version: '1.0.0' },
    },
    {
      name: 'unreleased resource by name',
      private: true,
      values: { resourceIdOrName: unreleased.resourceName, resourceNames: [unreleased.resourceName] },
    },
    {
      name: 'online resource',
      private: false,
      values: {
        resourceId: online.resourceId,
        resourceIdOrName: online.resourceId,
        resourceIds: [online.resourceId],
        resourceNames: [online.resourceName],
        resourceName: online.resourceName,
        resolveResourceIds: [online.resourceId],
        versionId: online.versionId,
        versionIds: [online.versionId],
        policyId: online.policyId,
        policyIds: [online.policyId],
        ...asContractParty(online),
      },
      companions: { version: '1.0.0' },
    },
    { name: 'online resource by name', private: false, values: { resourceIdOrName: online.resourceName } },
    {
      name: 'object',
      private: true,
      values: {
        objectId: owner.objectId,
        objectIds: [owner.objectId],
        objectIdOrName: owner.objectId,
      },
      companions: { bucketName: owner.bucketName },
    },
    {
      name: 'object by name',
      private: true,
      values: { objectIdOrName: fullObjectName, fullObjectNames: [fullObjectName] },
      companions: { bucketName: owner.bucketName },
    },
    { name: 'bucket', private: false, values: { bucketName: owner.bucketName } },
    file('private file', true, owner.privateSha1),
    file('private image', true, owner.imageSha1),
    file('object file', true, owner.objectSha1),
    file('released file', false, owner.releasedSha1),
    {
      name: 'account',
      private: false,
      values: {
        userId: String(owner.userId),
        userIds: [String(owner.userId)],
        ownerId: String(owner.userId),
        username: owner.username,
        loginName: owner.email,
        email: owner.email,
        mobile: owner.mobile,
      },
    },
    {
      // The attacker's own resource signs the online resource's public policy: their own business.
      name: 'online resource’s policy for the attacker’s resource',
      private: false,
      values: {
        subjectId: online.resourceId,
        subjectIds: [online.resourceId],
        policyId: online.policyId,
        licenseeId: attacker.resourceId,
      },
    },
    {
      name: 'contract',
      private: true,
      // Its parties as the contract lists filter them; objectIds: its licensee, for signCount by licensee id.
      values: {
        contractId: owner.contractId,
        contractIds: [owner.contractId],
        licensorId: online.resourceId,
        licensorName: online.resourceName,
        licenseeId: unreleased.resourceId,
        licenseeName: unreleased.resourceName,
        objectIds: [unreleased.resourceId],
      },
      // The resource whose version holds it (coverageVersions).
      companions: { resourceId: unreleased.resourceId },
    },
    {
      name: 'node',
      private: false,
      values: { nodeId: String(owner.node.nodeId), nodeName: owner.node.nodeName, nodeDomain: owner.node.nodeDomain },
    },
    // Its name and domain stay taken for ever (DOMAIN §3.7), so only its id must look unknown.
    { name: 'deleted node', private: true, values: { nodeId: String(owner.deletedNodeId) } },
    {
      // Offline: only the node owner may see it, so it must look unknown to everyone else.
      name: 'offline exhibit',
      private: true,
      values: {
        presentableId: owner.exhibit.presentableId,
        presentableIds: [owner.exhibit.presentableId],
        presentableName: owner.exhibit.presentableName,
        // The node-site runtime's names: the exhibit, and the resource it shows in the node (its article).
        exhibitId: owner.exhibit.presentableId,
        exhibitIds: [owner.exhibit.presentableId],
        articleIdOrName: online.resourceId,
        articleIds: [online.resourceId],
      },
      companions: { nodeId: String(owner.node.nodeId) },
    },
    {
      // batchSign with the owner's node as the licensee (identity 2) on the public online resource: errCode 3.
      name: 'node as licensee',
      private: false,
      values: {
        licenseeId: String(owner.node.nodeId),
        licenseeIdentityType: '2',
        subjectId: online.resourceId,
        subjectIds: [online.resourceId],
      },
    },
    { name: 'wallet account', private: true, values: { accountId: owner.accountId } },
    { name: 'transaction record', private: true, values: { recordId: owner.recordId } },
  ];
}

/** A resource as a contract's subject, licensor or licensee (contract filters and signing). */
function asContractParty(resource: { resourceId: string; resourceName: string }): Target['values'] {
  const { resourceId, resourceName } = resource;
  return {
    subjectId: resourceId,
    subjectIds: [resourceId],
    licensorId: resourceId,
    licenseeId: resourceId,
    licensorName: resourceName,
    licenseeName: resourceName,
  };
}

/** The same target with every value replaced by one of the same shape that names nothing. */
export function unknownTwin(target: Target): Target {
  const swap = (value: string): string => {
    // A number of the same length from 9…: above every id a test makes (users from 10001, nodes from 80000000).
    if (/^[0-9]+$/.test(value))
      return `9${String(randomBytes(4).readUInt32BE() % 10 ** (value.length - 1)).padStart(value.length - 1, '0')}`;
    if (/^[0-9a-f]{24}$/.test(value)) return hex(24);
    if (/^[0-9a-f]{40}$/.test(value)) return hex(40);
    if (value.includes('/')) return `${value.slice(0, value.indexOf('/'))}/unknown${hex(6)}.md`;
    return `unknown${hex(6)}`;
  };
  return {
    ...target,
    name: `${target.name} (unknown twin)`,
    values: Object.fromEntries(
      Object.entries(target.values).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.map(swap) : swap(value),
      ]),
    ),
  };
}

/** Every parameter and body field name a target can supply. */
export function idNames(targets: readonly Target[]): Set<string> {
  return new Set(targets.flatMap((target) => Object.keys(target.values)));
}

/** The route's parameter and body field names, free-text ones left out. */
export function namesOf(route: Route): string[] {
  const freeText = FREE_TEXT_ON[route.key] ?? [];
  return [...route.pathParams, ...route.queryParams]
    .map((p) => p.name)
    .concat(fieldNamesOf(route.body))
    .filter((name) => !freeText.includes(name));
}

/** Names that look like ids of something but that no target supplies: the suite must learn them. */
const NOT_AN_OWNERS_ID = new Set([
  '_id', // activities: platform data
  'identityId', // a third-party sign-in in progress, the caller's own
  'nodeIds', // the caller's own .UserNodeData
  'objectIdOrNodeId', // the caller's own .UserNodeData document, or a node whose data of the caller's is asked
  'tagIds', // i18n tags: platform data
  'name',
  'filename',
  'objectName',
  'policyName',
  'resourceTypeName',
  'newLoginName',
  'attachmentName',
  'extNames', // file name extensions
  'codeOrName', // a type of the catalogue
  'eventId', // an event of a contract's policy: public text, asked with the contract's id
  'subResourceIdOrName', // a dependency inside an exhibit's tree, asked with the exhibit's id
  'subWorkIdOrName',
  'subArticleIdOrName',
]);

/** Names that are not ids on one route: free text the route turns into the caller's own names. */
const FREE_TEXT_ON: Record<string, string[]> = {
  'POST /v2/resources/generateResourceNames': ['resourceNames'],
};

export function unknownIdNames(route: Route, known: Set<string>): string[] {
  return namesOf(route).filter(
    (name) => /(?:Id|Ids|IdOrName|Names?|[sS]ha1s?)$/.test(name) && !known.has(name) && !NOT_AN_OWNERS_ID.has(name),
  );
}

/** Whether the target supplies every path parameter and at least one id the route takes. */
export function aims(route: Route, target: Target): boolean {
  const supplied = (name: string) => target.values[name] !== undefined;
  const filled = (name: string) => supplied(name) || target.companions?.[name] !== undefined;
  return route.pathParams.every((p) => filled(p.name)) && namesOf(route).some(supplied);
}

/** A path parameter's value from the target. */
export function targetPathValue(target: Target, name: string): string | undefined {
  const value = target.values[name] ?? target.companions?.[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** A value for a query parameter or body field from the target, shaped as the schema wants (a list or one value). */
export function targetValue(target: Target, name: string, schema: Schema | undefined): unknown {
  const value = target.values[name];
  if (value === undefined) return undefined;
  const wantsArray = schema?.type === 'array' || (schema?.anyOf?.some((s) => s.type === 'array') ?? false);
  if (Array.isArray(value)) return wantsArray ? value : value.join(',');
  return wantsArray ? [value] : value;
}
