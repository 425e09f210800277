// The download of a version (API.md §1.11): the owner's only for now, Range, the version's filename.
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { sampleMarkdown } from '../../platform/files/samples';
import { createResource, errCodeOf } from '../resources/testing';
import { storeFile } from '../storage/testing';
import { postVersion, versionsOf } from './testing';

describe('downloading a version', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let url: string;
  const bytes = sampleMarkdown('笔记 Notes');

  beforeAll(async () => {
    t = await createTestApp();
    let aliceId: number;
    ({
      client: alice,
      user: { userId: aliceId },
    } = await t.login());
    ({ client: bob } = await t.login());
    const file = await storeFile(t, aliceId, 'notes.md', bytes);
    const resource = await createResource(alice, { resourceTypeCode: 'markdown' });
    dataOf(
      await postVersion(alice, resource.resourceId, {
        version: '1.0.0',
        fileSha1: file.sha1,
        filename: '笔记 notes.md',
      }),
    );
    url = `${versionsOf(resource.resourceId)}/1.0.0/download`;
  });
  afterAll(() => t.close());

  it('gives the owner the bytes as an attachment named after the version’s filename', async () => {
    const answer = await alice.get(url);
    expect(answer.status).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="__ notes.md"; filename*=UTF-8''${encodeURIComponent('笔记 notes.md')}`,
    );
    expect(answer.headers['content-type']).toContain('text/markdown');
    const script = await alice.get(url, { headers: { 'sec-fetch-mode': 'cors' } });
    expect(String(script.headers['content-disposition'])).toMatch(/^inline;/);
  });

  it('serves a Range', async () => {
    const answer = await alice.get(url, { headers: { range: 'bytes=0-4' } });
    expect([answer.status, answer.headers['content-range'], answer.rawPayload.toString()]).toEqual([
      206,
      `bytes 0-4/${bytes.length}`,
      bytes.subarray(0, 5).toString(),
    ]);
  });

  it('refuses other users and visitors: a page for navigations, the envelope for scripts', async () => {
    const page = await bob.get(url);
    expect([page.status, String(page.headers['content-type'])]).toEqual([404, 'text/html; charset=utf-8']);
    expect(errCodeOf(await bob.get(url, { headers: { 'x-requested-with': 'XMLHttpRequest' } }))).toBe(ErrCode.Business);
    expect((await t.client().get(url)).status).toBe(401);
    expect((await alice.get(url.replace('1.0.0', '9.0.0'))).status).toBe(404);
  });
});
