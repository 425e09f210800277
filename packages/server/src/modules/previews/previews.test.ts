// The preview of a version (issue 16, ours): who may see an image, audio or video version's bytes,
// Range for players, and the headers that keep stored bytes from acting as a page of this site.
import { ErrCode } from '@tessera/domain';
import type { ResourceWire } from '@tessera/contract/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { sampleImage, sampleMarkdown, sampleMp4, sampleWav } from '../../platform/files/samples';
import { seedContract } from '../contracts/testing';
import { createResource, errCodeOf, FREE_POLICY, PAID_POLICY, policy, RESOURCES } from '../resources/testing';
import { storeFile } from '../storage/testing';
import { msgOf, postVersion, versionsOf } from './../versions/testing';

const previewOf = (resource: ResourceWire, version = '1.0.0') =>
  `${versionsOf(resource.resourceId)}/${version}/preview`;

describe('previewing a version', () => {
  let t: TestApp;
  let alice: TestClient;
  let aliceId: number;
  let bob: TestClient;
  let bobId: number;
  let visitor: TestClient;
  let png: Buffer;
  const wav = sampleWav({ seconds: 1 });
  const mp4 = sampleMp4({ seconds: 1, mediaBytes: 256 });
  const resources: Record<
    'freeImage' | 'paidImage' | 'paidAudio' | 'freeVideo' | 'markdown' | 'unreleased',
    ResourceWire
  > = {} as never;

  /** A resource of alice's with one version of these bytes, online unless told. */
  async function resourceOf(
    typeCode: string,
    filename: string,
    bytes: Buffer,
    { policyText = FREE_POLICY, online = true } = {},
  ): Promise<ResourceWire> {
    const file = await storeFile(t, aliceId, filename, bytes);
    const created = await createResource(alice, {
      resourceTypeCode: typeCode,
      policies: [policy('policy', policyText)],
    });
    dataOf(await postVersion(alice, created.resourceId, { version: '1.0.0', fileSha1: file.sha1, filename }));
    if (online) dataOf(await alice.put(`${RESOURCES}/${created.resourceId}`, { status: 1 }));
    return created;
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({
      client: alice,
      user: { userId: aliceId },
    } = await t.login());
    ({
      client: bob,
      user: { userId: bobId },
    } = await t.login());
    visitor = t.client({ locale: 'en_US' });
    png = await sampleImage('png', { width: 40, height: 30 });
    resources.freeImage = await resourceOf('image', 'free.png', png);
    resources.paidImage = await resourceOf('image', 'paid.png', png, { policyText: PAID_POLICY });
    resources.paidAudio = await resourceOf('audio', 'tone.wav', wav, { policyText: PAID_POLICY });
    resources.freeVideo = await resourceOf('video', 'clip.mp4', mp4);
    resources.markdown = await resourceOf('markdown', 'notes.md', sampleMarkdown('Notes'));
    resources.unreleased = await resourceOf('image', 'draft.png', png, { online: false });
    await t.db
      .updateTable('resources')
      .set({ status: 0 })
      .where('resourceId', '=', resources.unreleased.resourceId)
      .execute();
  });
  afterAll(() => t.close());

  it('gives the owner any of their media, inline, with protective headers', async () => {
    for (const [resource, bytes, type] of [
      [resources.paidImage, png, 'image/png'],
      [resources.paidAudio, wav, 'audio/'],
      [resources.unreleased, png, 'image/png'],
    ] as const) {
      const answer = await alice.get(previewOf(resource));
      expect(answer.status).toBe(200);
      expect(answer.rawPayload.equals(bytes)).toBe(true);
      expect(answer.headers['content-type']).toContain(type);
      expect(String(answer.headers['content-disposition'])).toMatch(/^inline; filename="/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toMatch(/sandbox/);
      expect(answer.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(answer.headers['accept-ranges']).toBe('bytes');
    }
  });

  it('shows a free online image or video to a stranger and to a visitor', async () => {
    for (const client of [bob, visitor]) {
      const image = await client.get(previewOf(resources.freeImage));
      expect([image.status, image.headers['content-type'], image.rawPayload.equals(png)]).toEqual([
        200,
        'image/png',
        true,
      ]);
      const video = await client.get(previewOf(resources.freeVideo));
      expect([video.status, video.headers['content-type'], video.rawPayload.equals(mp4)]).toEqual([
        200,
        'video/mp4',
        true,
      ]);
    }
  });

  it('refuses a paid resource to a stranger and a visitor without a contract', async () => {
    for (const client of [bob, visitor]) {
      for (const resource of [resources.paidImage, resources.paidAudio]) {
        const answer = await client.get(previewOf(resource), { locale: 'en_US' });
        expect(errCodeOf(answer)).toBe(ErrCode.Forbidden);
        expect(msgOf(answer)).toBe('A licence is needed to preview this resource');
        expect(answer.headers['content-type']).toContain('application/json');
      }
    }
  });

  it('shows a paid resource to a caller holding an authorising contract on it', async () => {
    const { resourceId, resourceName } = resources.paidAudio;
    await seedContract(t, {
      licensor: { id: resourceId, name: resourceName, ownerId: aliceId, ownerName: 'alice' },
      licensee: { id: String(bobId), name: 'bob', ownerId: bobId, ownerName: 'bob' },
      licenseeIdentityType: 3,
    });
    const answer = await bob.get(previewOf(resources.paidAudio));
    expect([answer.status, answer.rawPayload.equals(wav)]).toEqual([200, true]);
    expect(errCodeOf(await bob.get(previewOf(resources.paidImage)))).toBe(ErrCode.Forbidden);
  });

  it('answers a Range with 206 and exactly those bytes, so players can seek', async () => {
    const audio = await alice.get(previewOf(resources.paidAudio), { headers: { range: 'bytes=100-199' } });
    expect([audio.status, audio.headers['content-range'], audio.headers['content-length']]).toEqual([
      206,
      `bytes 100-199/${wav.length}`,
      '100',
    ]);
    expect(audio.rawPayload.equals(wav.subarray(100, 200))).toBe(true);
    const video = await visitor.get(previewOf(resources.freeVideo), { headers: { range: 'bytes=-16' } });
    expect([video.status, video.headers['content-range']]).toEqual([
      206,
      `bytes ${mp4.length - 16}-${mp4.length - 1}/${mp4.length}`,
    ]);
    expect(video.rawPayload.equals(mp4.subarray(mp4.length - 16))).toBe(true);
    const beyond = await alice.get(previewOf(resources.paidAudio), { headers: { range: `bytes=${wav.length}-` } });
    expect([beyond.status, beyond.headers['content-range']]).toEqual([416, `bytes */${wav.length}`]);
  });

  it('refuses other types than image, audio and video, even to the owner', async () => {
    for (const client of [alice, bob, visitor]) {
      const answer = await client.get(previewOf(resources.markdown), { locale: 'en_US' });
      expect([errCodeOf(answer), msgOf(answer)]).toEqual([
        ErrCode.Business,
        'Only images, audio and video can be previewed',
      ]);
    }
  });

  it('answers an unreleased resource of someone else exactly as a missing one', async () => {
    const unknown = `${versionsOf('0123456789abcdef01234567')}/1.0.0/preview`;
    for (const client of [bob, visitor]) {
      const mine = await client.get(previewOf(resources.unreleased), { locale: 'en_US' });
      const missing = await client.get(unknown, { locale: 'en_US' });
      expect([errCodeOf(mine), msgOf(mine)]).toEqual([errCodeOf(missing), msgOf(missing)]);
      expect(errCodeOf(mine)).toBe(ErrCode.Business);
    }
    expect(errCodeOf(await alice.get(previewOf(resources.freeImage, '9.9.9')))).toBe(ErrCode.Business);
  });
});
