import { screen } from '@testing-library/react';
import { seedTexts } from '@tessera/domain/i18n-texts';
import { envelope, type RecordedRequest, type TestServer } from '../../testing/test-server';
import type { PolicyBinding, RelationNode, Resource, ResourceVersion } from '../resources';
import {
  ALICE,
  FREE_POLICY_TEXT,
  nth,
  policyBinding,
  requestsTo,
  resourceWire,
  signInAlice,
  startResourceServer,
  versionWire as resourceVersionWire,
} from '../resources/testing';

// Helpers of the owner's editor tests (tests only). The test server keeps one resource and answers
// the editor's writes by the rules of the resources module (DOMAIN §3.1, §2.12) with its messages.

export const RESOURCE_ID = '6650a1c2e4b0f3d9000a0001';
export const COVER_URL = '/images/new-cover.png';
const DAY = '2026-03-01T08:30:00.000Z';

/** alice's resource, offline, with versions 1.0.0 and 1.1.0 and one enabled free policy. */
export function ownedResource(overrides: Partial<Resource> = {}): Resource {
  return resourceWire({
    resourceId: RESOURCE_ID,
    resourceName: 'alice/晨雾',
    resourceTitle: '山间晨雾',
    userId: ALICE,
    username: 'alice',
    intro: '一张清晨的照片',
    tags: ['风景'],
    coverImages: ['/images/old-cover.png'],
    status: 4,
    policies: [policyBinding({ policyId: 'a'.repeat(32), policyName: '免费使用' })],
    resourceVersions: [
      { version: '1.0.0', versionId: 'v1', createDate: DAY },
      { version: '1.1.0', versionId: 'v2', createDate: '2026-03-05T08:30:00.000Z' },
    ],
    latestVersion: '1.1.0',
    ...overrides,
  });
}

/** A version of the owned resource, with a file, a description and one read-only property. */
function versionWire(version: string, overrides: Partial<ResourceVersion> = {}): ResourceVersion {
  return resourceVersionWire(ownedResource(), {
    version,
    versionId: `v-${version}`,
    filename: `fog-${version}.png`,
    description: `第 ${version} 版说明`,
    systemProperty: { fileSize: 2048, mime: 'image/png' },
    customPropertyDescriptors: [
      { key: 'camera', name: '相机', defaultValue: 'X100', type: 'readonlyText', candidateItems: [], remark: '' },
    ],
    ...overrides,
  });
}

/** The server's message for a translation key, in Chinese (the tests' language). */
export const serverMessage = (key: string, params: Record<string, string> = {}): string =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, value),
    seedTexts[key]?.zh_CN ?? key,
  );

const refusal = (key: string, params?: Record<string, string>) => ({
  body: envelope(null, { errCode: 2, msg: serverMessage(key, params) }),
});

type ResourceChange = {
  status?: number;
  resourceTitle?: string;
  intro?: string;
  tags?: string[];
  coverImages?: string[];
  addPolicies?: { policyName: string; policyText: string; status?: number }[];
  updatePolicies?: { policyId: string; status?: number }[];
};

const enabledCount = (policies: PolicyBinding[]) => policies.filter((policy) => policy.status === 1).length;

/** PUT /v2/resources/{id} by the resources module's rules (checked on a copy, applied only when all pass). */
function applyChange(resource: Resource, change: ResourceChange) {
  if (resource.status === 2) return refusal('resources.frozen');
  const next: Resource = { ...resource, policies: resource.policies.map((policy) => ({ ...policy })) };
  for (const add of change.addPolicies ?? []) {
    if (next.policies.some((policy) => policy.policyName.toLowerCase() === add.policyName.toLowerCase()))
      return refusal('resources.policyNameTaken', { name: add.policyName });
    next.policies.push({
      policyId: `${next.policies.length + 1}`.padStart(32, 'c'),
      policyName: add.policyName,
      status: add.status ?? 1,
      policyText: decodeURIComponent(add.policyText),
      isFree: 1,
    });
  }
  for (const update of change.updatePolicies ?? []) {
    const policy = next.policies.find((item) => item.policyId === update.policyId);
    if (!policy) return refusal('resources.policyNotBound');
    if (update.status !== undefined) policy.status = update.status;
  }
  if (change.status === 1) {
    if (next.latestVersion === '') return refusal('resources.onlineNeedsVersion');
    if (enabledCount(next.policies) === 0) return refusal('resources.onlineNeedsPolicy');
    next.status = 1;
  } else if (change.status === 4 || change.status === 0) {
    next.status = next.status === 0 ? 0 : 4;
  } else if (next.status === 1 && enabledCount(next.policies) === 0) {
    return refusal('resources.lastPolicyWhileOnline');
  }
  for (const field of ['resourceTitle', 'intro', 'tags', 'coverImages'] as const) {
    if (change[field] !== undefined) Object.assign(next, { [field]: change[field] });
  }
  Object.assign(resource, next);
  return { body: envelope(resource) };
}

export interface EditorServer {
  server: TestServer;
  /** The resource as the server holds it now. */
  resource: Resource;
  versions: Record<string, ResourceVersion>;
}

/** The test server with alice signed in and her resource (or `resource`) answered and changed by the editor's calls. */
export async function startEditorServer(
  resource: Resource = ownedResource(),
  { relations = [] as RelationNode[], signedIn = true } = {},
): Promise<EditorServer> {
  const server = await startResourceServer();
  if (signedIn) signInAlice(server);
  const versions: Record<string, ResourceVersion> = Object.fromEntries(
    resource.resourceVersions.map((item) => [item.version, versionWire(item.version)]),
  );
  const latest = () => (resource.latestVersion ? (versions[resource.latestVersion] ?? null) : null);
  const base = `/v2/resources/${resource.resourceId}`;
  server.route(base, (request: RecordedRequest) =>
    request.method === 'PUT'
      ? applyChange(resource, JSON.parse(request.body) as ResourceChange)
      : { body: envelope({ ...resource, latestVersionInfo: latest() }) },
  );
  server.route(`${base}/versions/*`, (request) => {
    const version = decodeURIComponent(request.path.slice(`${base}/versions/`.length));
    const stored = versions[version];
    if (!stored) return { body: envelope(null, { errCode: 2, msg: 'no such version' }) };
    if (request.method === 'PUT')
      stored.description = (JSON.parse(request.body) as { description: string }).description;
    return { body: envelope(stored) };
  });
  server.route(`${base}/dependencyTree`, (request) => ({
    body: envelope([
      {
        resourceId: resource.resourceId,
        resourceName: resource.resourceName,
        version: request.query.get('version'),
        dependencies:
          relations[0]?.children?.map((child) => ({
            resourceId: child.resourceId,
            resourceName: child.resourceName,
            version: '1.0.0',
            dependencies: [],
          })) ?? [],
      },
    ]),
  }));
  server.route(`${base}/relationTree`, { body: envelope(relations) });
  server.route('/v2/resources/tags/availableTags', { body: envelope([{ tagName: '摄影', tagType: 1 }]) });
  server.route('/v2/storages/files/uploadImage', { body: envelope({ url: COVER_URL }) });
  return { server, resource, versions };
}

/** A relation tree: alice's resource → bob/底图 (^1.0.0) → carol/字体 (upcast). */
export function sampleRelations(resource: Resource): RelationNode[] {
  return [
    {
      resourceId: resource.resourceId,
      resourceName: resource.resourceName,
      resourceType: resource.resourceType,
      resourceStatus: resource.status,
      versionRanges: [],
      versions: [resource.latestVersion],
      children: [
        {
          resourceId: '6650a1c2e4b0f3d9000b0001',
          resourceName: 'bob/底图',
          resourceType: ['image'],
          resourceStatus: 1,
          versionRanges: ['^1.0.0'],
          versions: ['1.0.0'],
          children: [
            {
              resourceId: '6650a1c2e4b0f3d9000c0001',
              resourceName: 'carol/字体',
              resourceType: ['font'],
              resourceStatus: 1,
              versionRanges: [],
              versions: [],
              children: [],
            },
          ],
        },
      ],
    },
  ];
}

export { FREE_POLICY_TEXT };

/** Translation keys of this area that show instead of their text. */
export const rawEditorKeys = (text: string | null): string[] =>
  (text ?? '').match(/\bresourceEditor\.[A-Za-z.]+/g) ?? [];

/** The bodies of the editor's PUT /v2/resources/{id} calls, in the order sent. */
export const resourcePuts = (server: TestServer): Record<string, unknown>[] =>
  requestsTo(server, 'PUT', `/v2/resources/${RESOURCE_ID}`).map(
    (request) => JSON.parse(request.body) as Record<string, unknown>,
  );

/** antd's confirmation: the latest dialog with this title. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title);
  return nth(titles, titles.length - 1).closest('.ant-modal') as HTMLElement;
}
