// Shared steps of the version API tests (not a test file itself).
import type { ApiEnvelope } from '@tessera/domain';
import { afterAll, beforeAll } from 'vitest';
import type { ApiResponse, TestApp, TestClient } from '../../testing';
import { createTestApp, dataOf } from '../../testing';
import { createResource, FREE_POLICY, policy, RESOURCES } from '../resources/testing';
import type { ResourceWire } from '@tessera/contract/resources';
import { fakeFile } from '../storage/testing';
import type { VersionWire } from '@tessera/contract/versions';

export { RESOURCES };
/** Theme and widget packages for tests (the platform's zip writer), and the demo theme's files. */
export { storedZip } from '../../platform/http/zip-entries';
export { PAPER_THEME_FILES } from './demo-paper-theme';

export const versionsOf = (resourceId: string): string => `${RESOURCES}/${resourceId}/versions`;

/** An analysed file row `uploader` uploaded (no bytes in the store): enough for every rule but the download. */
export function analysedFile(
  t: TestApp,
  uploader: number,
  options: { fileSize?: number; mime?: string; status?: number } = {},
): Promise<string> {
  return fakeFile(t, uploader, { mime: 'image/png', ...options });
}

/** Alice and Bob signed in, with what the tests name them by (their ids: the uploaders of their files). */
export async function aliceAndBob(t: TestApp) {
  const alice = await t.login({ username: `alice${process.pid}` });
  const bob = await t.login({ username: `bob${process.pid}` });
  return {
    alice: alice.client,
    aliceId: alice.user.userId,
    aliceName: alice.user.username,
    bob: bob.client,
    bobId: bob.user.userId,
  };
}

export type AliceAndBobApp = { t: TestApp } & Awaited<ReturnType<typeof aliceAndBob>>;

/**
 * A test app with Alice and Bob signed in, opened before the file's (or describe block's) tests and
 * closed after them: its fields are there once the beforeAll hooks registered after it run.
 */
export function aliceAndBobApp(): AliceAndBobApp {
  const app = {} as AliceAndBobApp;
  beforeAll(async () => {
    const t = await createTestApp();
    Object.assign(app, { t }, await aliceAndBob(t));
  });
  afterAll(() => app.t.close());
  return app;
}

/** The envelope's message of an answer (the tests ask in en_US). */
export const msgOf = (response: ApiResponse<unknown>): string => (response.body as ApiEnvelope<unknown>).msg;

export function postVersion(
  client: TestClient,
  resourceId: string,
  body: Record<string, unknown>,
): Promise<ApiResponse<VersionWire>> {
  return client.post<VersionWire>(versionsOf(resourceId), body, { locale: 'en_US' });
}

/** A new resource of the type with a free policy and a first version on a fresh file. */
export async function releasedResource(
  t: TestApp,
  client: TestClient,
  body: Record<string, unknown> = {},
  version: Record<string, unknown> = {},
): Promise<ResourceWire> {
  const resource = await createResource(client, {
    resourceTypeCode: 'image',
    policies: [policy('免费', FREE_POLICY)],
    ...body,
  });
  dataOf(
    await postVersion(client, resource.resourceId, {
      version: '1.0.0',
      fileSha1: await analysedFile(t, resource.userId),
      filename: 'a.png',
      ...version,
    }),
  );
  return resource;
}

/** A released resource put online. */
export async function onlineResource(
  t: TestApp,
  client: TestClient,
  body: Record<string, unknown> = {},
  version: Record<string, unknown> = {},
): Promise<ResourceWire> {
  const resource = await releasedResource(t, client, body, version);
  return dataOf(await client.put<ResourceWire>(`${RESOURCES}/${resource.resourceId}`, { status: 1 }));
}

/** The ids of a resource's enabled policies. */
export function policyIdsOf(resource: ResourceWire): string[] {
  return resource.policies.filter((binding) => binding.status === 1).map((binding) => binding.policyId);
}
