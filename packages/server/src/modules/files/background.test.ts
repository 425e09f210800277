// The work that runs off the request path: the analysis queue (surviving restarts), the sweep of
// unreferenced files, and the FileCatalog other modules use.
import { FileAnalysisStatus } from '@tessera/domain';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, defineModule, MODULES, type TestApp, type TestClient } from '../../testing';
import { sampleImage, sampleJson, sampleText } from '../../platform/files/samples';
import type { FileReferenceSource } from './port';
import { filesUnder, readAll, upload, uploadImage } from './testing';

const sha1Of = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');

describe('analysis queue, sweep and catalog', () => {
  let t: TestApp;
  let alice: TestClient;
  let aliceId: number;
  let filesDir: string;
  const referenced = new Set<string>();
  const references: FileReferenceSource = {
    referencedAmong: async (sha1s) => new Set(sha1s.filter((sha1) => referenced.has(sha1))),
  };

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-files-background-'));
    t = await createTestApp({
      config: { filesUrl: filesDir },
      // A module of the test's own keeps the files it names from the sweep, as storage and versions do.
      modules: [
        ...MODULES,
        defineModule({ name: 'test-references', services: () => ({}), ports: () => ({ fileReferences: references }) }),
      ],
    });
    // Remembered for 7 days: the sweep test moves the clock a day on.
    const session = await t.login({ username: 'alice' }, { isRemember: true });
    alice = session.client;
    aliceId = session.user.userId;
  });
  afterAll(async () => {
    await t.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const statusOf = async (sha1: string) =>
    (await t.db.selectFrom('files').select('metaAnalyzeStatus').where('sha1', '=', sha1).executeTakeFirst())
      ?.metaAnalyzeStatus;

  it('takes over an analysis abandoned for more than 60 seconds (a crashed or restarted server), not a running one', async () => {
    const { sha1 } = dataOf(await upload(alice, sampleText('left mid-analysis\n'), { filename: 'left.txt' }));
    await t.services.files.analysePending();
    // As a server that died while analysing leaves it:
    await t.db
      .updateTable('files')
      .set({
        metaAnalyzeStatus: FileAnalysisStatus.Analysing,
        metaInfo: '{}',
        analyseStartDate: t.clock.now().toISOString(),
      })
      .where('sha1', '=', sha1)
      .execute();
    expect(await t.services.files.analysePending()).toBe(0);
    expect(await statusOf(sha1)).toBe(FileAnalysisStatus.Analysing);

    t.clock.advance({ seconds: 61 });
    await t.services.files.analysePending();
    expect(await statusOf(sha1)).toBe(FileAnalysisStatus.Success);
  });

  it('analyses files that were waiting when the server stopped', async () => {
    const { sha1 } = dataOf(await upload(alice, sampleText('queued before a restart\n'), { filename: 'queued.txt' }));
    await t.services.files.analysePending();
    await t.db
      .updateTable('files')
      .set({ metaAnalyzeStatus: FileAnalysisStatus.Pending, metaInfo: '{}' })
      .where('sha1', '=', sha1)
      .execute();
    // The worker polls the table: it finds the file without being told.
    await expect.poll(() => statusOf(sha1), { timeout: 4000, interval: 50 }).toBe(FileAnalysisStatus.Success);
  });

  it('stores server-made bytes analysed, and opens them whole or in part', async () => {
    const json = sampleJson({ node: 'data' });
    const record = await t.services.files.storeBytes(aliceId, 'node.json', json);
    expect(record).toEqual({
      sha1: sha1Of(json),
      fileSize: json.length,
      metaAnalyzeStatus: FileAnalysisStatus.Success,
      metaInfo: { fileSize: json.length, mime: 'application/json' },
      analyseError: '',
    });
    expect(await t.services.files.find(record.sha1.toUpperCase())).toEqual(record);
    expect(await t.services.files.findMany([record.sha1, '0'.repeat(40)])).toEqual([record]);
    expect((await readAll(await t.services.files.open(record.sha1))).equals(json)).toBe(true);
    expect(
      (await readAll(await t.services.files.open(record.sha1, { start: 2, end: 5 }))).equals(json.subarray(2, 6)),
    ).toBe(true);
    await expect(t.services.files.open('0'.repeat(40))).rejects.toMatchObject({ messageKey: 'files.notFound' });
  });

  it('sweeps files nobody uses 24 hours after their last upload, with abandoned temporary bytes', async () => {
    const unused = dataOf(await upload(alice, sampleText('nobody keeps me\n'), { filename: 'unused.txt' })).sha1;
    const kept = dataOf(await upload(alice, sampleText('an object uses me\n'), { filename: 'kept.txt' })).sha1;
    referenced.add(kept);
    const cover = dataOf(await uploadImage(alice, await sampleImage('png'))).sha1;
    await t.services.files.analysePending();

    t.clock.advance({ hours: 23 });
    expect((await t.services.files.sweep()).removedFiles).toBe(0);
    t.clock.advance({ hours: 2 });
    const fresh = dataOf(await upload(alice, sampleText('uploaded just now\n'), { filename: 'fresh.txt' })).sha1;
    mkdirSync(join(filesDir, '.tmp'), { recursive: true });
    const leftover = join(filesDir, '.tmp', 'crashed-upload');
    writeFileSync(leftover, 'half a file');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(leftover, twoHoursAgo, twoHoursAgo);

    const result = await t.services.files.sweep();
    expect(result.removedTemporary).toBe(1);
    const left = (await t.db.selectFrom('files').select('sha1').execute()).map((row) => row.sha1);
    expect(left).not.toContain(unused);
    expect(left).toEqual(expect.arrayContaining([kept, cover, fresh]));
    expect(await t.db.selectFrom('file_uploads').select('sha1').where('sha1', '=', unused).execute()).toEqual([]);
    const onDisk = filesUnder(filesDir);
    expect(onDisk.some((path) => path.endsWith(unused))).toBe(false);
    expect(onDisk.some((path) => path.endsWith(kept))).toBe(true);
    expect(onDisk).not.toContain('.tmp/crashed-upload');

    // Uploading a swept file again simply stores it again.
    expect(dataOf(await upload(alice, sampleText('nobody keeps me\n'), { filename: 'unused.txt' })).sha1).toBe(unused);
    await t.services.files.analysePending();
    expect(await statusOf(unused)).toBe(FileAnalysisStatus.Success);
  });
});
