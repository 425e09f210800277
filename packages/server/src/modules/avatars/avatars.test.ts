import { ErrCode, type FieldError } from '@tessera/domain';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import { backfillAvatarAddresses } from './migrations/0005_avatars';
import type { Kysely } from 'kysely';
import { AVATAR_MAX_UPLOAD_BYTES } from './avatar-image';

const UPLOAD = '/v2/users/current/uploadHeadImg';
const BOUNDARY = '----TesseraTestBoundary7MA4YWxkTrZu0gW';

type FormField = { name: string; filename?: string; contentType?: string; data: Buffer | string };

function formOf(fields: FormField[]): Buffer {
  const chunks = fields.flatMap(({ name, filename, contentType, data }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
        (contentType === undefined ? '' : `Content-Type: ${contentType}\r\n`) +
        '\r\n',
    ),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function upload(
  client: TestClient,
  fields: FormField[],
  options: { xsrf?: boolean } = {},
): Promise<ApiResponse<string>> {
  return client.post<string>(UPLOAD, formOf(fields), {
    ...options,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const fileField = (data: Buffer | string, filename = 'avatar.png', contentType = 'image/png'): FormField => ({
  name: 'file',
  filename,
  contentType,
  data,
});

/** A 600×400 picture: left half red, right half blue, so the centre crop is checkable. */
function picture(): sharp.Sharp {
  const half = { width: 300, height: 400, channels: 3, background: '#ff0000' } as const;
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#0000ff' } }).composite([
    { input: { create: half }, left: 0, top: 0 },
  ]);
}

async function headImageOf(t: TestApp, userId: number): Promise<string> {
  return (await t.db.selectFrom('users').select('headImage').where('userId', '=', userId).executeTakeFirstOrThrow())
    .headImage;
}

function fieldErrorsOf(response: ApiResponse<unknown>): FieldError[] {
  expect(response.body.errCode).toBe(ErrCode.BadParams);
  return response.body.data as FieldError[];
}

const badFieldOf = (response: ApiResponse<unknown>): string | undefined => fieldErrorsOf(response)[0]?.field;

describe('avatars', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const avatarOf = (userId: number, headers: Record<string, string> = {}) =>
    t.client().get(`/avatars/${userId}`, { headers });

  describe('the generated default', () => {
    it('is an SVG for a new user, the same on every request, cached for five minutes', async () => {
      const user = await t.createUser({ username: 'zoe' });
      const first = await avatarOf(user.userId);
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      expect(first.text).toContain('>Z</text>');
      const again = await t.client().get(`/avatars/${user.userId}`, { query: { t: 123 } });
      expect(again.text).toBe(first.text);
      expect(again.headers.etag).toBe(first.headers.etag);

      const revalidated = await avatarOf(user.userId, { 'if-none-match': String(first.headers.etag) });
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
    });

    it('escapes a username with markup', async () => {
      const user = await t.createUser({ username: '<&x' });
      const response = await avatarOf(user.userId);
      expect(response.text).toContain('>&lt;</text>');
      expect(response.text).not.toContain('<&');
    });

    it('is a plain 404 for an unknown user or a malformed id, also for a browser navigation', async () => {
      for (const id of ['99999999', 'abc', '0', '-1', '10001.png', '1'.repeat(20)]) {
        const response = await t.client().get(`/avatars/${id}`, { headers: { accept: 'text/html' } });
        expect(response.status, id).toBe(404);
        expect(response.headers['content-type'], id).toBe('text/plain; charset=utf-8');
      }
    });
  });

  describe('uploading', () => {
    const formats = {
      png: () => picture().png().toBuffer(),
      jpeg: () =>
        picture()
          .jpeg()
          .withExif({ IFD0: { Copyright: 'secret owner', ImageDescription: 'home address' } })
          .toBuffer(),
      gif: () => picture().gif().toBuffer(),
      webp: () => picture().webp().toBuffer(),
    };

    for (const [format, make] of Object.entries(formats)) {
      it(`turns a ${format} into a 256×256 WebP without metadata, served at the user's address`, async () => {
        const { client, user } = await t.login();
        const source = await make();
        if (format === 'jpeg') expect((await sharp(source).metadata()).exif).toBeDefined();
        // The name and declared type say nothing: the content decides.
        const address = dataOf(
          await upload(client, [{ name: 'note', data: 'ignored' }, fileField(source, 'photo.txt', 'text/plain')]),
        );
        expect(address).toBe(`/avatars/${user.userId}?t=${t.clock.now().getTime()}`);

        const served = await avatarOf(user.userId);
        expect(served.status).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers.etag).toBe(`"${createHash('sha1').update(served.rawPayload).digest('hex')}"`);
        const metadata = await sharp(served.rawPayload).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
        expect(metadata.exif).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        // Centre crop of a red|blue picture: red on the left edge, blue on the right.
        const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
        const channels = metadata.channels ?? 3;
        expect(data[128 * 256 * channels]).toBeGreaterThan(200);
        expect(data[(128 * 256 + 255) * channels + 2]).toBeGreaterThan(200);

        expect(await headImageOf(t, user.userId)).toBe(`/avatars/${user.userId}`);
        expect((await avatarOf(user.userId, { 'if-none-match': String(served.headers.etag) })).status).toBe(304);
      });
    }

    it('replaces an earlier upload, and the address changes its time stamp', async () => {
      const { client, user } = await t.login();
      const first = dataOf(await upload(client, [fileField(await formats.png())]));
      const firstTag = (await avatarOf(user.userId)).headers.etag;
      t.clock.advance({ seconds: 5 });
      const second = dataOf(
        await upload(client, [
          fileField(
            await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00ff00' } })
              .png()
              .toBuffer(),
          ),
        ]),
      );
      expect(second).not.toBe(first);
      expect((await avatarOf(user.userId)).headers.etag).not.toBe(firstTag);
    });

    it("changes only the caller's avatar (the route names no user)", async () => {
      const { client: alice, user: aliceUser } = await t.login();
      const bob = await t.createUser();
      const bobBefore = await avatarOf(bob.userId);
      dataOf(await upload(alice, [fileField(await formats.png())]));
      expect((await avatarOf(aliceUser.userId)).headers['content-type']).toBe('image/webp');
      const bobAfter = await avatarOf(bob.userId);
      expect(bobAfter.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(bobAfter.text).toBe(bobBefore.text);
      // Even a form field naming another user changes nothing of theirs.
      dataOf(await upload(alice, [{ name: 'userId', data: String(bob.userId) }, fileField(await formats.png())]));
      expect((await avatarOf(bob.userId)).text).toBe(bobBefore.text);
    });
  });

  describe('refusing', () => {
    async function expectNothingStored(response: ApiResponse<unknown>, userId: number, field = 'file'): Promise<void> {
      expect(badFieldOf(response)).toBe(field);
      expect((await avatarOf(userId)).headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      // The server keeps answering.
      expect(dataOf(await t.client().get('/v2/activities/list4Client'))).toBeDefined();
    }

    it('a file over 5 MiB, naming the field', async () => {
      const { client, user } = await t.login();
      const png = await picture().png().toBuffer();
      const oversized = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_UPLOAD_BYTES + 1 - png.length)]);
      const response = await upload(client, [fileField(oversized)]);
      await expectNothingStored(response, user.userId);
      expect(fieldErrorsOf(response)[0]?.message).toContain('5 MiB');
      // A body far over the limit is refused as well (reading stops at the limit).
      await expectNothingStored(await upload(client, [fileField(Buffer.alloc(12 * 1024 * 1024))]), user.userId);
    });

    it('files that are not images, or are broken, in the caller’s language', async () => {
      const { client, user } = await t.login();
      const png = await picture().png().toBuffer();
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200)]);
      const cases: [string, Buffer | string][] = [
        ['text named .png', 'hello, I am not a picture'],
        ['svg', svg],
        ['zip', zip],
        ['truncated png', png.subarray(0, Math.floor(png.length / 2))],
        ['png header only', png.subarray(0, 40)],
      ];
      for (const [name, data] of cases) {
        const response = await upload(client, [fileField(data, 'avatar.png', 'image/png')]);
        expect(response.body.errCode, name).toBe(ErrCode.BadParams);
        await expectNothingStored(response, user.userId);
      }
      const english = await client.post(UPLOAD, formOf([fileField(svg)]), {
        locale: 'en_US',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      expect(fieldErrorsOf(english)[0]?.message).toBe('Must be a JPG, PNG, GIF or WebP image (SVG is not accepted)');
    });

    it('a form without a file, or a body that is not a form', async () => {
      const { client, user } = await t.login();
      await expectNothingStored(await upload(client, [{ name: 'other', data: 'x' }]), user.userId);
      await expectNothingStored(await client.post(UPLOAD, { file: 'x' }), user.userId);
      const broken = await client.post(UPLOAD, Buffer.from('--nope\r\n'), {
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      await expectNothingStored(broken, user.userId);
    });

    it('a visitor (errCode 30) and a call without the anti-forgery header (errCode 3)', async () => {
      const png = await picture().png().toBuffer();
      expect((await upload(t.client(), [fileField(png)])).body.errCode).toBe(ErrCode.NotLoggedIn);
      const { client, user } = await t.login();
      expect((await upload(client, [fileField(png)], { xsrf: false })).body.errCode).toBe(ErrCode.Forbidden);
      expect((await avatarOf(user.userId)).headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    });
  });

  it('gives users without an avatar address theirs, keeping addresses set before', async () => {
    const bare = await t.createUser({ headImage: '' });
    const custom = await t.createUser({ headImage: '/images/abc.png' });
    await backfillAvatarAddresses(t.db as unknown as Kysely<unknown>);
    expect(await headImageOf(t, bare.userId)).toBe(`/avatars/${bare.userId}`);
    expect(await headImageOf(t, custom.userId)).toBe('/images/abc.png');
  });
});

describe('avatars of the demo users', () => {
  it('are at their avatar addresses', async () => {
    const t = await createTestApp({ demoData: true });
    try {
      const users = await t.db.selectFrom('users').select(['userId', 'headImage']).execute();
      expect(users.length).toBeGreaterThan(0);
      for (const user of users) {
        expect(user.headImage).toBe(`/avatars/${user.userId}`);
        expect((await t.client().get(user.headImage)).status).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});
