import type { Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServiceDemoData } from '../../demo';
import { applyServiceSeedOnce } from '../../platform/db/seeds';
import { DEMO_PASSWORD } from '../identity';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { DEMO_BUCKET, DEMO_OBJECTS } from './demo';
import type { ObjectWire } from '@tessera/contract/storage';
import { BUCKETS, OBJECTS } from './testing';

describe('demo storage', () => {
  let t: TestApp;
  let alice: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    alice = t.client();
    dataOf(
      await alice.post('/v2/passport/login', {
        loginName: 'alice',
        password: DEMO_PASSWORD,
        isRemember: 0,
        jwtType: 'cookie',
      }),
    );
  });
  afterAll(() => t.close());

  it('gives alice a bucket of real, analysed files of several kinds', async () => {
    const objects = dataOf(
      await alice.get<Page<ObjectWire>>(`${BUCKETS}/${DEMO_BUCKET}/objects`, { query: { sort: 'objectName:1' } }),
    ).dataList;
    expect(objects.map((object) => object.objectName)).toEqual(DEMO_OBJECTS.map((object) => object.objectName).sort());
    const byName = new Map(objects.map((object) => [object.objectName, object]));
    expect(byName.get('cover.png')).toMatchObject({
      resourceType: ['image'],
      systemProperty: { mime: 'image/png', width: 320, height: 200 },
    });
    expect(byName.get('tone.wav')?.systemProperty.mime).toMatch(/^audio\//);
    expect(byName.get('tone.wav')?.systemProperty.duration).toBeCloseTo(1, 1);
    expect(byName.get('settings.json')?.resourceType).toEqual(['json']);
    expect(byName.get('notes.txt')?.resourceType).toEqual([]);
    expect(byName.get('readme.md')).toMatchObject({
      resourceType: ['markdown'],
      customProperty: { language: 'zh_CN', author: 'alice' },
      dependencies: [{ name: `${DEMO_BUCKET}/cover.png`, type: 'object' }],
    });
    const download = await alice.get(`${OBJECTS}/${byName.get('readme.md')?.objectId}/file`);
    expect(download.text).toContain('# Tessera');
  });

  it('is claimed before loading, and the claim is given back when loading fails', async () => {
    const failing = applyServiceSeedOnce(t.db, 'demo:test-failing', t.clock.now(), () =>
      Promise.reject(new Error('disk full')),
    );
    await expect(failing).rejects.toThrow('disk full');
    let runs = 0;
    const load = async () => {
      runs += 1;
    };
    expect(await applyServiceSeedOnce(t.db, 'demo:test-failing', t.clock.now(), load)).toBe(true);
    expect(await applyServiceSeedOnce(t.db, 'demo:test-failing', t.clock.now(), load)).toBe(false);
    expect(runs).toBe(1);
  });

  it('loads once', async () => {
    expect(await loadServiceDemoData(t.db, t.services, t.clock.now())).toEqual([]);
    expect(dataOf(await alice.get<Page<ObjectWire>>(`${BUCKETS}/${DEMO_BUCKET}/objects`)).totalItem).toBe(
      DEMO_OBJECTS.length,
    );
  });
});
