import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarFileProblem } from './avatar-file';

const file = (type: string, size: number) => ({ name: 'me.x', type, size });

describe('judging a picked avatar file', () => {
  it('accepts JPG, PNG, GIF and WebP up to 5 MiB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
      expect(avatarFileProblem(file(type, AVATAR_MAX_BYTES))).toBeNull();
  });

  it('refuses other types first, then sizes over 5 MiB', () => {
    for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', '']) {
      expect(avatarFileProblem(file(type, 10))?.key).toBe('account.setting.avatar.notImage');
    }
    expect(avatarFileProblem(file('image/png', AVATAR_MAX_BYTES + 1))).toEqual({
      key: 'account.setting.avatar.tooLarge',
      params: { name: 'me.x', size: '5.00 MB', limit: '5 MB' },
    });
  });
});
