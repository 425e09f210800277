// Shared steps of the version API tests (not a test file itself).
import type { ApiResponse, TestApp, TestClient } from '../../testing';
import { dataOf } from '../../testing';
import { createResource, FREE_POLICY, policy, RESOURCES } from '../resources/testing';
import type { ResourceWire } from '@tessera/contract/resources';
import { fakeFile } from '../storage/testing';
import type { VersionWire } from '@tessera/contract/versions';

export { RESOURCES };

export const versionsOf = (resourceId: string): string => `${RESOURCES}/${resourceId}/versions`;

/** An analysed file row (no bytes in the store): enough for every rule but the download. */
export function analysedFile(
  t: TestApp,
  options: { fileSize?: number; mime?: string; status?: number } = {},
): Promise<string> {
  return fakeFile(t, { mime: 'image/png', ...options });
}

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
      fileSha1: await analysedFile(t),
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
