// Shared steps of the resource API tests (not a test file itself).
import { md5Hex } from '@tessera/domain';
import { dataOf, type TestApp, type TestClient } from '../../testing';
import type { ResourceWire } from '@tessera/contract/resources';

export const RESOURCES = '/v2/resources';

export const FREE_POLICY = 'for public\n\ninitial[active]:\n  terminate';
export const PAID_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("10.00","self.account") => paid\n\npaid[active]:\n  terminate';
export const TRIAL_POLICY =
  'for public\n\ninitial[active]:\n  ~freelog.RelativeTimeEvent("7","day") => unpaid\n\nunpaid:\n  ~freelog.TransactionEvent("9.90","self.account") => subscribed\n\nsubscribed[active]:\n  ~freelog.RelativeTimeEvent("1","month") => unpaid';

/** Policy texts travel URI-component-encoded (API.md §1.10). */
export function policy(policyName: string, text: string, status?: 0 | 1) {
  return { policyName, policyText: encodeURIComponent(text), ...(status === undefined ? {} : { status }) };
}

let nameCounter = 0;

/** A resource name nobody in the test run has used. */
export function uniqueName(prefix = 'res'): string {
  nameCounter += 1;
  return `${prefix}-${process.pid}-${nameCounter}`;
}

export async function createResource(client: TestClient, body: Record<string, unknown> = {}): Promise<ResourceWire> {
  return dataOf(await client.post<ResourceWire>(RESOURCES, { name: uniqueName(), resourceTypeCode: 'image', ...body }));
}

/**
 * Releases a resource as the versions module will: the resource records a version and goes from
 * unreleased to offline (DOMAIN §3.1).
 */
export async function releaseVersion(t: TestApp, resourceId: string, version = '1.0.0'): Promise<void> {
  await t.services.resources.recordVersion(resourceId, {
    version,
    versionId: md5Hex(`${resourceId}-${version}`),
    createDate: t.clock.now().toISOString(),
  });
}

/** A resource with a version and a free policy, put online. */
export async function onlineResource(
  t: TestApp,
  client: TestClient,
  body: Record<string, unknown> = {},
): Promise<ResourceWire> {
  const created = await createResource(client, { policies: [policy('免费', FREE_POLICY)], ...body });
  await releaseVersion(t, created.resourceId);
  return dataOf(await client.put<ResourceWire>(`${RESOURCES}/${created.resourceId}`, { status: 1 }));
}

export { badFieldsOf, errCodeOf } from '../../testing';

/** The stored row of a resource (to prove that nothing changed). */
export function resourceRow(t: TestApp, resourceId: string) {
  return t.db.selectFrom('resources').selectAll().where('resourceId', '=', resourceId).executeTakeFirstOrThrow();
}
