// DELETE /v2/resources/{resourceId} (ours): an unreleased resource without a version can be deleted by
// its owner, with what belongs to it; released resources are never deleted (DOMAIN §3.1).
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { badFieldsOf, createResource, errCodeOf, FREE_POLICY, policy, releaseVersion, RESOURCES } from './testing';

describe('deleting an unreleased resource', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: alice } = await t.login());
    ({ client: bob } = await t.login());
  });
  afterAll(() => t.close());

  const remove = (client: TestClient, resourceId: string) =>
    client.delete<true>(`${RESOURCES}/${resourceId}`, { locale: 'en_US' });
  const rowsOf = async (
    table: 'resources' | 'resource_tags' | 'resource_policies' | 'resource_version_drafts' | 'resource_favourites',
    resourceId: string,
  ) => (await t.db.selectFrom(table).select('resourceId').where('resourceId', '=', resourceId).execute()).length;

  it('deletes the owner’s resource with its tags, bindings, favourites and draft, and frees its name', async () => {
    const created = await createResource(alice, { tags: ['gone'], policies: [policy('免费', FREE_POLICY)] });
    const { resourceId } = created;
    dataOf(await alice.post(`${RESOURCES}/${resourceId}/versions/drafts`, { resourceId, draftData: { step: 2 } }));
    dataOf(await alice.post('/v2/collections/resources', { resourceId }));
    expect(await rowsOf('resource_version_drafts', resourceId)).toBe(1);
    expect(await rowsOf('resource_favourites', resourceId)).toBe(1);

    expect(dataOf(await remove(alice, resourceId))).toBe(true);
    expect(errCodeOf(await alice.get(`${RESOURCES}/${resourceId}`))).toBe(ErrCode.Business);
    const tables = [
      'resources',
      'resource_tags',
      'resource_policies',
      'resource_version_drafts',
      'resource_favourites',
    ] as const;
    for (const table of tables) expect(await rowsOf(table, resourceId), table).toBe(0);
    const name = created.resourceName.split('/')[1];
    expect((await createResource(alice, { name })).resourceName).toBe(created.resourceName);
  });

  it('never deletes a released resource', async () => {
    const { resourceId } = await createResource(alice);
    await releaseVersion(t, resourceId);
    const refused = await remove(alice, resourceId);
    expect(refused.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'A resource with a released version cannot be deleted',
    });
    expect(await rowsOf('resources', resourceId)).toBe(1);
  });

  it('leaves another user’s resources alone: unreleased ones are not found, released ones not yours', async () => {
    const unreleased = await createResource(alice);
    const released = await createResource(alice);
    await releaseVersion(t, released.resourceId);
    expect((await remove(bob, unreleased.resourceId)).body).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'The resource does not exist',
    });
    expect(errCodeOf(await remove(bob, released.resourceId))).toBe(ErrCode.Forbidden);
    expect(await rowsOf('resources', unreleased.resourceId)).toBe(1);
    expect(await rowsOf('resources', released.resourceId)).toBe(1);
  });

  it('refuses a frozen resource, a visitor and a malformed id', async () => {
    const { resourceId } = await createResource(alice);
    await t.services.resources.freeze(resourceId, { reason: 'spam' });
    expect((await remove(alice, resourceId)).body.msg).toBe('This resource has been frozen and cannot be changed');
    expect(await rowsOf('resources', resourceId)).toBe(1);
    expect(errCodeOf(await t.client().delete(`${RESOURCES}/${resourceId}`))).toBe(ErrCode.NotLoggedIn);
    expect(badFieldsOf(await remove(alice, 'not-an-id'))).toEqual(['resourceId']);
  });
});
