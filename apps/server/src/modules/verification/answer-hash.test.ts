import { randomBytes } from 'node:crypto';
import { GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { SERVER_FONT_FAMILY } from '../../images/server-font.js';
import { captchaAnswerMatches, hashCaptchaAnswer } from './answer-hash.js';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  drawCaptcha,
  randomCaptchaAnswer,
} from './captcha-image.js';

describe('captcha answers', () => {
  it('are 4 digits', () => {
    for (let index = 0; index < 50; index += 1) expect(randomCaptchaAnswer()).toMatch(/^\d{4}$/);
  });

  it('match by salted hash, ignoring case and surrounding spaces', () => {
    const salt = randomBytes(16);
    const stored = hashCaptchaAnswer(salt, 'Ab12');
    expect(captchaAnswerMatches(salt, stored, ' ab12 ')).toBe(true);
    expect(captchaAnswerMatches(salt, stored, 'ab13')).toBe(false);
    expect(captchaAnswerMatches(randomBytes(16), stored, 'ab12')).toBe(false);
    expect(hashCaptchaAnswer(randomBytes(16), 'ab12').equals(stored)).toBe(false);
  });
});

describe('captcha image', () => {
  it('is a PNG of the set size, drawn with a font from a package', () => {
    const png = drawCaptcha('1234');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(CAPTCHA_WIDTH);
    expect(png.readUInt32BE(20)).toBe(CAPTCHA_HEIGHT);
    expect(GlobalFonts.has(SERVER_FONT_FAMILY)).toBe(true);
    // Random noise and placement: two drawings of the same answer differ.
    expect(drawCaptcha('1234').equals(png)).toBe(false);
  });
});
