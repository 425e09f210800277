import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { patternSha1, patternStream } from './samples';

it('patternStream gives the same bytes whatever the chunk size', async () => {
  const size = 100_003;
  const read = async (chunkSize: number): Promise<Buffer> => buffer(patternStream(size, { seed: 7, chunkSize }));
  const [small, large] = await Promise.all([read(1024), read(65_536)]);
  expect(small.length).toBe(size);
  expect(small.equals(large)).toBe(true);
  expect(createHash('sha1').update(small).digest('hex')).toBe(patternSha1(size, { seed: 7 }));
  expect((await read(1024)).equals(await buffer(patternStream(size, { seed: 8 })))).toBe(false);
});
