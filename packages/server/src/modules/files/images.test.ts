import { ErrCode, type FieldError } from '@tessera/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import { sampleImage, sampleJson, sampleMp3, sampleMp4, sampleText } from '../../platform/files/samples';
import type { PublishedImage } from './service';
import { seedSiteNode } from '../nodesites/testing';
import { id3WithCover, upload, uploadImage } from './testing';

function fieldErrorsOf(response: ApiResponse<unknown>): FieldError[] {
  expect(response.body.errCode).toBe(ErrCode.BadParams);
  return response.body.data as FieldError[];
}

describe('public images', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: alice } = await t.login({ username: 'alice' }));
    ({ client: bob } = await t.login({ username: 'bob' }));
  });
  afterAll(() => t.close());

  async function uploadAnalysed(client: TestClient, data: Buffer, filename: string): Promise<string> {
    const { sha1 } = dataOf(await upload(client, data, { filename }));
    await t.services.files.analysePending();
    return sha1;
  }

  async function publishedPicture(image: PublishedImage) {
    const response = await t.client().get(image.url);
    expect(response.status).toBe(200);
    return { response, metadata: await sharp(response.rawPayload, { animated: true }).metadata() };
  }

  it('publishes an uploaded picture upright and without its metadata, served to anyone with long caching', async () => {
    const withExif = await sharp(await sampleImage('jpeg', { width: 60, height: 40 }))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret owner', ImageDescription: 'home address' } } })
      .jpeg()
      .toBuffer();
    const image = dataOf(await uploadImage(alice, withExif, 'photo.jpeg', 'image/jpeg'));
    expect(image.url).toBe(`/images/${image.sha1}.jpg`);

    const { response, metadata } = await publishedPicture(image);
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(response.rawPayload.includes(Buffer.from('secret owner'))).toBe(false);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      etag: `"${image.sha1}"`,
    });
    const again = await t.client().get(image.url, { headers: { 'if-none-match': `"${image.sha1}"` } });
    expect(again.status).toBe(304);
    // Public images use no quota and are never swept.
    expect(
      await t.db
        .selectFrom('public_images')
        .select(['sha1', 'ext', 'width', 'height'])
        .where('sha1', '=', image.sha1)
        .execute(),
    ).toEqual([{ sha1: image.sha1, ext: 'jpg', width: 40, height: 60 }]);
  });

  it('answers 404 as text for an unknown image or the wrong extension', async () => {
    const image = dataOf(await uploadImage(alice, await sampleImage('png'), 'p.png'));
    for (const url of [
      `/images/${'0'.repeat(40)}.png`,
      `/images/${image.sha1}.gif`,
      '/images/..%2F..%2Fetc%2Fpasswd',
      '/images/nothing',
    ]) {
      const response = await t.client().get(url);
      expect(response.status, url).toBe(404);
      expect(response.text).toBe('Not found');
    }
  });

  it('serves a published picture on a node site too (its pages show covers from their own origin)', async () => {
    const image = dataOf(await uploadImage(alice, await sampleImage('png'), 'p.png'));
    const { user } = await t.login();
    const node = await seedSiteNode(t, user);
    const host = `${node.nodeDomain}.localhost`;
    const onSite = await t.app.inject({ method: 'GET', url: image.url, headers: { host } });
    expect(onSite.statusCode).toBe(200);
    expect(onSite.headers['content-type']).toBe('image/png');
    expect(onSite.headers['set-cookie']).toBeUndefined();
    const unknown = await t.app.inject({ method: 'GET', url: `/images/${'0'.repeat(40)}.png`, headers: { host } });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps a GIF animation and recognises pictures by content, whatever their name', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00'].map((background) =>
        sharp({ create: { width: 20, height: 10, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const image = dataOf(await uploadImage(alice, gif, 'anim.png', 'image/png'));
    expect(image.url.endsWith('.gif')).toBe(true);
    const { metadata } = await publishedPicture(image);
    expect(metadata).toMatchObject({ format: 'gif', pages: 2, pageHeight: 10 });

    const text = await uploadImage(alice, 'not a picture at all', 'fake.png', 'image/png');
    expect(fieldErrorsOf(text)[0]).toMatchObject({ field: 'file', code: 'imageType' });
    const svg = await uploadImage(
      alice,
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      'x.svg',
      'image/svg+xml',
    );
    expect(fieldErrorsOf(svg)[0]?.code).toBe('imageType');
    const tiff = await uploadImage(alice, await sampleImage('tiff'), 'x.tiff', 'image/tiff');
    expect(fieldErrorsOf(tiff)[0]?.code).toBe('imageType');
  });

  it('refuses a picture over 5 MiB, an empty one and a caller without a session', async () => {
    const big = await uploadImage(alice, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff), 'big.jpg', 'image/jpeg');
    expect(fieldErrorsOf(big)[0]).toMatchObject({ field: 'file', code: 'maxSize' });
    expect(big.headers.connection).toBe('close');
    expect(fieldErrorsOf(await uploadImage(alice, '', 'empty.png'))[0]?.code).toBe('empty');
    expect((await uploadImage(t.client(), await sampleImage('png'))).body.errCode).toBe(ErrCode.NotLoggedIn);
  });

  it('crops and resizes a picture the caller uploaded into a new public image', async () => {
    const sha1 = await uploadAnalysed(alice, await sampleImage('png', { width: 64, height: 48 }), 'source.png');
    const cropped = dataOf(
      await alice.post<PublishedImage>('/v2/storages/files/imageHandle', {
        sha1,
        crop: { x: 4, y: 8, width: 40, height: 20 },
      }),
    );
    expect((await publishedPicture(cropped)).metadata).toMatchObject({ format: 'png', width: 40, height: 20 });
    const resized = dataOf(
      await alice.post<PublishedImage>('/v2/storages/files/imageHandle', {
        sha1,
        crop: { x: 0, y: 0, width: 40, height: 40 },
        width: 10,
      }),
    );
    expect((await publishedPicture(resized)).metadata).toMatchObject({ width: 10, height: 10 });
    const filled = dataOf(
      await alice.post<PublishedImage>('/v2/storages/files/imageHandle', { sha1, width: 30, height: 30 }),
    );
    expect((await publishedPicture(filled)).metadata).toMatchObject({ width: 30, height: 30 });
    // A public image may be edited by anyone.
    expect(
      dataOf(await bob.post<PublishedImage>('/v2/storages/files/imageHandle', { sha1: cropped.sha1, width: 20 })).url,
    ).toMatch(/^\/images\/[0-9a-f]{40}\.png$/);
  });

  it('validates imageHandle requests and refuses files that are not the caller’s or not pictures', async () => {
    const sha1 = await uploadAnalysed(alice, await sampleImage('webp', { width: 30, height: 20 }), 'pic.webp');
    const outside = await alice.post('/v2/storages/files/imageHandle', {
      sha1,
      crop: { x: 10, y: 0, width: 30, height: 20 },
    });
    expect(fieldErrorsOf(outside)[0]).toMatchObject({ field: 'crop', code: 'outside' });
    expect(
      fieldErrorsOf(
        await alice.post('/v2/storages/files/imageHandle', { sha1, crop: { x: -1, y: 0, width: 3, height: 3 } }),
      )[0]?.field,
    ).toBe('crop.x');
    expect(fieldErrorsOf(await alice.post('/v2/storages/files/imageHandle', { sha1, width: 0 }))[0]?.field).toBe(
      'width',
    );
    expect(fieldErrorsOf(await alice.post('/v2/storages/files/imageHandle', { sha1: 'nope' }))[0]?.field).toBe('sha1');
    expect((await bob.post('/v2/storages/files/imageHandle', { sha1 })).body.errCode).toBe(ErrCode.Forbidden);
    const json = await uploadAnalysed(alice, sampleJson({ picture: false }), 'data.json');
    expect((await alice.post('/v2/storages/files/imageHandle', { sha1: json })).body.errCode).toBe(ErrCode.Business);
  });

  it('makes 800×600 covers from a picture and from the artwork embedded in an MP3', async () => {
    const picture = await uploadAnalysed(alice, await sampleImage('png', { width: 120, height: 40 }), 'wide.png');
    const cover = dataOf(await alice.post<PublishedImage>('/v2/storages/files/generateCoverImage', { sha1: picture }));
    expect(cover.url).toBe(`/images/${cover.sha1}.jpg`);
    expect((await publishedPicture(cover)).metadata).toMatchObject({ format: 'jpeg', width: 800, height: 600 });

    const artwork = await sampleImage('png', { width: 30, height: 30 });
    const song = await uploadAnalysed(
      alice,
      Buffer.concat([id3WithCover(artwork), sampleMp3({ seconds: 1 })]),
      'song.mp3',
    );
    expect(
      dataOf(await t.client({ cookies: Object.fromEntries(alice.cookies) }).get(`/v2/storages/files/${song}/property`)),
    ).toMatchObject({ mime: 'audio/mpeg' });
    const songCover = dataOf(await alice.post<PublishedImage>('/v2/storages/files/generateCoverImage', { sha1: song }));
    expect((await publishedPicture(songCover)).metadata).toMatchObject({ width: 800, height: 600 });
  });

  it('explains why no cover can be made from a video, a song without artwork or a text', async () => {
    const english = t.client({ locale: 'en_US', cookies: Object.fromEntries(alice.cookies) });
    const cases = [
      [await uploadAnalysed(alice, sampleMp4({ seconds: 1 }), 'clip.mp4'), /Covers cannot be taken from video yet/],
      [await uploadAnalysed(alice, sampleMp3({ seconds: 1 }), 'plain.mp3'), /no embedded picture/],
      [await uploadAnalysed(alice, sampleText('words\n'), 'words.txt'), /only be made from a picture/],
    ] as const;
    for (const [sha1, message] of cases) {
      const response = await english.post('/v2/storages/files/generateCoverImage', { sha1 });
      expect(response.body.errCode).toBe(ErrCode.Business);
      expect(response.body.msg).toMatch(message);
    }
    expect((await bob.post('/v2/storages/files/generateCoverImage', { sha1: cases[0][0] })).body.errCode).toBe(
      ErrCode.Forbidden,
    );
  });
});
