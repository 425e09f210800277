import { describe, expect, it } from 'vitest';
import { objectNameOf, uploadLimitOf, uploadRefusal } from './upload-rules';

const MB = 1024 ** 2;

describe('what an upload may be', () => {
  it('refuses an empty file', () => {
    expect(uploadRefusal({ size: 0, type: 'text/plain' }, undefined)).toEqual({
      key: 'storagePage.upload.error.empty',
    });
  });

  it('allows 200 MB per file and 1 GB for a video', () => {
    expect(uploadLimitOf({ type: 'image/png' })).toBe(200 * MB);
    expect(uploadLimitOf({ type: 'video/mp4' })).toBe(1024 * MB);
    expect(uploadRefusal({ size: 200 * MB, type: 'image/png' }, undefined)).toBeNull();
    expect(uploadRefusal({ size: 200 * MB + 1, type: 'image/png' }, undefined)).toEqual({
      key: 'storagePage.upload.error.tooLarge',
      params: { size: '200 MB', limit: '200 MB' },
    });
    expect(uploadRefusal({ size: 700 * MB, type: 'video/mp4' }, undefined)).toBeNull();
    expect(uploadRefusal({ size: 1100 * MB, type: 'video/webm' }, undefined)?.params).toEqual({
      size: '1.07 GB',
      limit: '1 GB',
    });
  });

  it('refuses a file larger than the space left, once that is known', () => {
    expect(uploadRefusal({ size: 10 * MB, type: 'image/png' }, 4 * MB)).toEqual({
      key: 'storagePage.upload.error.quota',
      params: { size: '10 MB', left: '4 MB' },
    });
    expect(uploadRefusal({ size: 10 * MB, type: 'image/png' }, 10 * MB)).toBeNull();
  });
});

describe('the object name of a file', () => {
  it('keeps an ordinary name', () => {
    expect(objectNameOf('cover.png')).toBe('cover.png');
    expect(objectNameOf('封面 图.png')).toBe('封面_图.png');
  });

  it('replaces every forbidden character by an underscore', () => {
    expect(objectNameOf('a\\b/c:d*e?f"g<h>i|j k@l$m#n\tо.txt')).toBe('a_b_c_d_e_f_g_h_i_j_k_l_m_n_о.txt');
    expect(objectNameOf('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(objectNameOf('a\u0000b\u200bc\u0085d.txt')).toBe('a_b_c_d.txt');
  });

  it('shortens a long name to 60 characters before its extension', () => {
    const name = objectNameOf(`${'长'.repeat(70)}.jpeg`);
    expect([...name]).toHaveLength(60);
    expect(name.endsWith('长.jpeg')).toBe(true);
    expect([...objectNameOf('x'.repeat(80))]).toHaveLength(60);
  });
});
