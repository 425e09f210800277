// The gate's walks over a parsed body (control characters, nesting) look into objects and arrays, never
// into a file's bytes: a 5 MiB avatar form walked byte by byte took 11 s of garbage collection.
import { describe, expect, it } from 'vitest';
import { fieldWithControlCharacter } from './control-characters';
import { nestsDeeperThan } from './json-depth';

/** Bytes that fail the test if anything walks into them. */
function untouchableBytes(): Uint8Array {
  const bytes = Buffer.from([0, 1, 2, 0]);
  Object.defineProperty(bytes, 'walked', {
    enumerable: true,
    get: () => {
      throw new Error('the walk went into the bytes');
    },
  });
  return bytes;
}

const request = (body: unknown) => ({ params: {}, query: {}, body });

describe('walks over a request body', () => {
  it('leave a form file’s bytes alone, NUL bytes and all', () => {
    expect(fieldWithControlCharacter(request({ file: untouchableBytes(), note: 'fine' }))).toBeUndefined();
    expect(nestsDeeperThan({ file: untouchableBytes() }, 2)).toBe(false);
  });

  it('still find a NUL in text and a body nested too deep beside the bytes', () => {
    expect(fieldWithControlCharacter(request({ file: untouchableBytes(), meta: { name: 'a\0b' } }))).toBe('meta.name');
    let deep: unknown = { file: untouchableBytes() };
    for (let level = 0; level < 5; level++) deep = { child: deep };
    expect(nestsDeeperThan(deep, 3)).toBe(true);
  });
});
