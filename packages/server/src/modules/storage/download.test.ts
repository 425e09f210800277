import { ErrCode } from '@tessera/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing';
import { contentDisposition } from '../../platform/http/download';
import type { ObjectWire } from '@tessera/contract/storage';
import { createBucket, createObject, OBJECTS, storeFile } from './testing';

const SCRIPT = { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

describe('object downloads', () => {
  let t: TestApp;
  let owner: TestClient;
  let image: ObjectWire;
  let imageBytes: Buffer;
  let text: ObjectWire;
  const textBytes = Buffer.from('# 标题\n\nSome *markdown* text.\n');

  beforeAll(async () => {
    t = await createTestApp();
    const login = await t.login();
    owner = login.client;
    const { bucketName } = await createBucket(owner);
    imageBytes = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    image = await createObject(
      owner,
      bucketName,
      '照片 1.png',
      (await storeFile(t, login.user.userId, 'photo.png', imageBytes)).sha1,
    );
    text = await createObject(
      owner,
      bucketName,
      'notes.md',
      (await storeFile(t, login.user.userId, 'notes.md', textBytes)).sha1,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const fileOf = (object: ObjectWire) => `${OBJECTS}/${object.objectId}/file`;

  it('streams the whole file as an attachment with the object’s type', async () => {
    const response = await owner.get(fileOf(image), { headers: NAVIGATION });
    expect(response.status).toBe(200);
    expect(response.rawPayload.equals(imageBytes)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(image.systemProperty).toMatchObject({ mime: 'image/png', width: 8, height: 6 });
    expect(response.headers['content-length']).toBe(String(imageBytes.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___1.png"; filename*=UTF-8''%E7%85%A7%E7%89%87_1.png`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain('sandbox');
    // Without any Sec-Fetch header (an older browser), it is a navigation too.
    expect((await owner.get(fileOf(text))).headers['content-disposition']).toMatch(/^attachment; filename="notes.md"/);
  });

  it('is inline for a script’s read, which the client would otherwise discard (API.md §1.11)', async () => {
    const response = await owner.get(fileOf(text), { headers: SCRIPT });
    expect(response.status).toBe(200);
    expect(response.rawPayload.equals(textBytes)).toBe(true);
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    expect(
      (await owner.get(fileOf(text), { headers: { 'x-requested-with': 'XMLHttpRequest' } })).headers[
        'content-disposition'
      ],
    ).toMatch(/^inline; /);
  });

  it('serves byte ranges (206) and refuses ranges past the end (416)', async () => {
    const first = await owner.get(fileOf(text), { headers: { range: 'bytes=0-3' } });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-3/${textBytes.length}`);
    expect(first.rawPayload.equals(textBytes.subarray(0, 4))).toBe(true);

    const tail = await owner.get(fileOf(text), { headers: { range: 'bytes=-5' } });
    expect(tail.status).toBe(206);
    expect(tail.rawPayload.equals(textBytes.subarray(-5))).toBe(true);

    const open = await owner.get(fileOf(text), { headers: { range: `bytes=${textBytes.length - 2}-` } });
    expect([open.status, open.headers['content-range']]).toEqual([
      206,
      `bytes ${textBytes.length - 2}-${textBytes.length - 1}/${textBytes.length}`,
    ]);

    const past = await owner.get(fileOf(text), { headers: { range: `bytes=${textBytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${textBytes.length}`);

    // Several ranges or another unit: the whole file, as the RFC allows.
    expect((await owner.get(fileOf(text), { headers: { range: 'bytes=0-1,4-5' } })).status).toBe(200);
    expect((await owner.get(fileOf(text), { headers: { range: 'items=0-1' } })).status).toBe(200);
  });

  it('redirects a download by full name to the id form', async () => {
    const byName = `${OBJECTS}/${encodeURIComponent(`${image.bucketName}/${image.objectName}`)}/file`;
    const response = await owner.get(byName);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(fileOf(image));
    const twice = `${OBJECTS}/${encodeURIComponent(encodeURIComponent(`${image.bucketName}/${image.objectName}`))}/file`;
    expect((await owner.get(twice)).headers.location).toBe(fileOf(image));
  });

  it('is for the owner only: a page with 404 for others, 401 without a session', async () => {
    const { client: stranger } = await t.login();
    const refused = await stranger.get(fileOf(image), { headers: NAVIGATION, locale: 'en_US' });
    expect(refused.status).toBe(404);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.text).toContain('The object does not exist');
    expect(refused.rawPayload.includes(imageBytes)).toBe(false);
    // By name too, without a redirect that would tell the object exists.
    const byName = await stranger.get(
      `${OBJECTS}/${encodeURIComponent(`${image.bucketName}/${image.objectName}`)}/file`,
    );
    expect(byName.status).toBe(404);

    const visitor = await t.client().get(fileOf(image), { headers: NAVIGATION });
    expect(visitor.status).toBe(401);
    expect(visitor.text).toContain('用户未登录');
  });

  it('answers a script that may not read the file with the envelope', async () => {
    const { client: stranger } = await t.login();
    const refused = await stranger.get(fileOf(image), { headers: SCRIPT });
    expect([refused.status, refused.body.errCode]).toEqual([200, ErrCode.Business]);
    const visitor = await t.client().get(fileOf(image), { headers: SCRIPT });
    expect([visitor.status, visitor.body.errCode]).toEqual([200, ErrCode.NotLoggedIn]);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact name in RFC 8187 form', () => {
    expect(contentDisposition('attachment', 'report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition('inline', 'a "quoted" 100%\\name\'s (1).txt')).toBe(
      `inline; filename="a _quoted_ 100__name's (1).txt"; filename*=UTF-8''a%20%22quoted%22%20100%25%5Cname%27s%20%281%29.txt`,
    );
    expect(contentDisposition('attachment', '数据.json')).toBe(
      `attachment; filename="__.json"; filename*=UTF-8''%E6%95%B0%E6%8D%AE.json`,
    );
  });
});
