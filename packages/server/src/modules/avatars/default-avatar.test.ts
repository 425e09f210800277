import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avatarColour, avatarInitial, defaultAvatarSvg } from './default-avatar';

describe('the generated default avatar', () => {
  it('is the same for the same user and differs in colour between neighbouring ids', () => {
    expect(defaultAvatarSvg({ userId: 10001, username: 'alice' })).toBe(
      defaultAvatarSvg({ userId: 10001, username: 'alice' }),
    );
    expect(avatarColour(10001)).toMatch(/^#[0-9a-f]{6}$/);
    expect(avatarColour(10001)).not.toBe(avatarColour(10002));
  });

  it('shows the first character of the username, whole even outside the BMP', () => {
    expect(avatarInitial('alice')).toBe('A');
    expect(avatarInitial('张三')).toBe('张');
    expect(avatarInitial('😀smile')).toBe('😀');
    expect(avatarInitial('  ')).toBe('?');
  });

  it('escapes markup in the username', () => {
    const lessThan = defaultAvatarSvg({ userId: 10001, username: '<script>alert(1)</script>' });
    expect(lessThan).toContain('>&lt;</text>');
    expect(lessThan).not.toContain('<script');
    expect(defaultAvatarSvg({ userId: 10001, username: '&amp' })).toContain('>&amp;</text>');
    expect(defaultAvatarSvg({ userId: 10001, username: '"x' })).toContain('aria-label="&quot;"');
  });

  it('is a well-formed 256×256 SVG without external resources', async () => {
    const svg = defaultAvatarSvg({ userId: 10042, username: '<b&' });
    expect(svg).not.toMatch(/href|url\(|@import|<script/i);
    const metadata = await sharp(Buffer.from(svg)).metadata();
    expect(metadata).toMatchObject({ format: 'svg', width: 256, height: 256 });
  });
});
