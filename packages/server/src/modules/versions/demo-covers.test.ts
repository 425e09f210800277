import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEMO_RESOURCES } from './demo';
import { DEMO_COVER_NAMES, demoCoverSvg } from './demo-covers';

const hash = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('the demo covers', () => {
  it('are drawn for each demo resource, each different, the image resource showing its own picture', async () => {
    expect([...DEMO_RESOURCES.map((demo) => demo.name)].sort()).toEqual([...DEMO_COVER_NAMES].sort());
    // Compared at one size, so that only the drawing can tell them apart.
    const pixels = await Promise.all(
      DEMO_COVER_NAMES.map((name) =>
        sharp(Buffer.from(demoCoverSvg(name, 64, 48)))
          .raw()
          .toBuffer(),
      ),
    );
    expect(new Set(pixels.map(hash)).size).toBe(DEMO_COVER_NAMES.length);

    const covers = await Promise.all(DEMO_RESOURCES.map((demo) => demo.cover()));
    for (const cover of covers) expect((await sharp(cover).metadata()).format).toBe('png');
    const index = DEMO_RESOURCES.findIndex((demo) => demo.typeCode === 'image');
    const latest = DEMO_RESOURCES[index]?.versions.at(-1);
    const cover = covers[index];
    if (!latest || !cover) throw new Error('the demo has an image resource with a version');
    expect(hash(cover)).toBe(hash(Buffer.from(await latest.bytes())));
  });

  it('give audio and video a poster with a play mark', () => {
    for (const demo of DEMO_RESOURCES.filter((entry) => ['audio', 'video'].includes(entry.typeCode)))
      expect(demoCoverSvg(demo.name, 100, 100)).toContain('<path d="M');
    expect(demoCoverSvg('city-data', 100, 100)).not.toContain('fill="#1d3b4f"');
  });
});
