import { describe, expect, it } from 'vitest';
import { AVATAR_SIZE_PX, avatarHue, avatarInitial, drawAvatar } from './avatar-image.js';

describe('avatar image', () => {
  it('takes the first letter or digit, upper-cased', () => {
    expect(avatarInitial('player01')).toBe('P');
    expect(avatarInitial('_demo')).toBe('D');
    expect(avatarInitial('84901234567')).toBe('8');
    expect(avatarInitial('đức')).toBe('Đ');
    expect(avatarInitial('___')).toBe('?');
  });

  it('gives a member the same hue every time, and neighbours different ones', () => {
    expect(avatarHue(42n)).toBe(avatarHue(42n));
    expect(avatarHue(42n)).not.toBe(avatarHue(43n));
    expect(avatarHue(123456789n)).toBeGreaterThanOrEqual(0);
    expect(avatarHue(123456789n)).toBeLessThan(360);
  });

  it('draws a PNG of the avatar size with the letter in it', () => {
    const png = drawAvatar(7n, 'alice');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(AVATAR_SIZE_PX);
    // The letter is really drawn (no font would draw nothing): other letters, other pixels.
    expect(drawAvatar(7n, 'alice').equals(png)).toBe(true);
    expect(drawAvatar(7n, 'bob').equals(png)).toBe(false);
  });
});
