// Helpers of the finding and reading page tests (tests only): wire fixtures typed by the contract,
// the test server with the catalogue, signing in, opening a page.
import { screen } from '@testing-library/react';
import type { FavouriteWire } from '@tessera/contract/favourites';
import type { RelationTreeNodeWire } from '@tessera/contract/versions';
import type { Language } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type RecordedRequest, type TestServer } from '../../testing/test-server';
import { accountUser } from '../account/testing';
import type { PolicyBinding, Resource, ResourceVersion } from './resources-api';

export const ALICE = 10001;
const DAY = '2026-03-01T08:30:00.000Z';
let nextId = 1;
const hexId = () => `6650a1c2e4b0f3d9${(nextId++).toString(16).padStart(8, '0')}`;

export const FREE_POLICY_TEXT = 'for public\n\ninitial[active]:\n  terminate';

export function policyBinding(overrides: Partial<PolicyBinding> = {}): PolicyBinding {
  return {
    policyId: 'a'.repeat(32),
    policyName: '免费使用',
    status: 1,
    isFree: 1,
    policyText: FREE_POLICY_TEXT,
    ...overrides,
  };
}

/** A resource as GET /v2/resources answers it. */
export function resourceWire(overrides: Partial<Resource> = {}): Resource {
  const name = overrides.resourceTitle ?? `资源${nextId}`;
  return {
    resourceId: hexId(),
    resourceName: `bob/${name}`,
    resourceTitle: name,
    resourceType: ['image'],
    resourceTypeCode: 'image',
    userId: 10002,
    username: 'bob',
    intro: '',
    coverImages: [],
    tags: [],
    policies: [policyBinding()],
    resourceVersions: [],
    latestVersion: '',
    baseUpcastResources: [],
    subjectType: 1,
    status: 1,
    isFrozen: 0,
    latestVersionInfo: null,
    createDate: DAY,
    updateDate: DAY,
    ...overrides,
  };
}

/** A version as GET /v2/resources/{id}/versions/{version} answers it. */
export function versionWire(resource: Resource, overrides: Partial<ResourceVersion> = {}): ResourceVersion {
  const version = overrides.version ?? '1.0.0';
  return {
    versionId: `${version}-${resource.resourceId}`,
    resourceId: resource.resourceId,
    resourceName: resource.resourceName,
    userId: resource.userId,
    resourceType: resource.resourceType,
    version,
    fileSha1: 'f'.repeat(40),
    filename: 'file.png',
    description: '',
    dependencies: [],
    upcastResources: [],
    resolveResources: [],
    systemProperty: {},
    customPropertyDescriptors: [],
    customProperty: {},
    status: 1,
    createDate: DAY,
    updateDate: DAY,
    ...overrides,
  };
}

/** A node of GET /v2/resources/{id}/relationTree. */
export function relationNode(
  resource: Pick<Resource, 'resourceId' | 'resourceName'>,
  overrides: Partial<RelationTreeNodeWire> = {},
): RelationTreeNodeWire {
  return {
    resourceId: resource.resourceId,
    resourceName: resource.resourceName,
    resourceType: ['image'],
    resourceStatus: 1,
    versionRanges: [],
    versions: [],
    children: [],
    ...overrides,
  };
}

export function favouriteWire(resource: Resource): FavouriteWire {
  return {
    resourceId: resource.resourceId,
    resourceName: resource.resourceName,
    resourceTitle: resource.resourceTitle,
    resourceType: resource.resourceType,
    resourceTypeCode: resource.resourceTypeCode,
    coverImages: resource.coverImages,
    authorId: resource.userId,
    authorName: resource.username,
    userId: ALICE,
    resourceStatus: resource.status,
    latestVersion: resource.latestVersion,
    resourceUpdateDate: resource.updateDate,
    createDate: DAY,
  };
}

/** A page of a list: `dataList` from `skip`, `limit` long. */
export function pageOf<T>(all: T[], request: RecordedRequest) {
  const skip = Number(request.query.get('skip') ?? 0);
  const limit = Number(request.query.get('limit') ?? 20);
  return { body: envelope({ skip, limit, totalItem: all.length, dataList: all.slice(skip, skip + limit) }) };
}

/** The test server with the catalogue calls answered (a failing catalogue only empties a filter). */
export async function startResourceServer(): Promise<TestServer> {
  return startTestServer({
    '/v2/resources/types/listSimpleByGroup': {
      body: envelope([
        {
          code: 'image',
          name: '图片',
          nameEn: 'Image',
          children: [{ code: 'image-illustration', name: '插画', nameEn: 'Illustration', children: [] }],
        },
        { code: 'audio', name: '音频', nameEn: 'Audio', children: [] },
      ]),
    },
    '/v2/resources/operation-categories/listSimpleByGroup': {
      body: envelope([
        {
          code: 'featured',
          name: '精选',
          nameEn: 'Featured',
          children: [{ code: 'featured-art', name: '艺术', nameEn: 'Art' }],
        },
      ]),
    },
  });
}

/** Signs alice in: the uid cookie and GET /v2/users/current. */
export function signInAlice(server: TestServer): void {
  document.cookie = `uid=${ALICE}; path=/`;
  server.route('/v2/users/current', { body: envelope(accountUser({ userId: ALICE })) });
}

export function openPage(server: TestServer, path: string, language: Language = 'zh_CN') {
  return renderApp(path, createTestServices(server, { language }));
}

export function requestsTo(server: TestServer, method: string, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.method === method && request.path === path);
}

/** Translation keys of this area that show instead of their text. */
export const rawResourceKeys = (text: string | null): string[] =>
  (text ?? '').match(/\bresourcesPage\.[A-Za-z.]+/g) ?? [];

export const cardTitles = () =>
  screen.queryAllByTestId('resource-card').map((card) => card.querySelector('h3')?.textContent);

/** The item at `index`, which the test expects to be there. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
}
