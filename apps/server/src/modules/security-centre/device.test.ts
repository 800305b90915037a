import { describe, expect, it } from 'vitest';
import { customerServiceTypeFor } from './customer-service.js';
import { deviceOf } from './device.js';
import { maskEmail, maskPhone } from './mask.js';

describe('deviceOf', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.0', 'Other device'],
    [null, 'Unknown device'],
  ])('names %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});

describe('masks', () => {
  it('keeps the start of an e-mail and the end of a number', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskPhone('84912345678', '84')).toBe('+84 ******678');
  });
});

describe('customer service for a rank', () => {
  it('gives VIP only above rank 4 (SPEC §4), live chat to everyone else', () => {
    expect(customerServiceTypeFor('VIP', 5)).toBe('VIP');
    expect(customerServiceTypeFor('VIP', 4)).toBe('LIVECHAT');
    expect(customerServiceTypeFor('VIP', null)).toBe('LIVECHAT');
    expect(customerServiceTypeFor('LIVECHAT', 9)).toBe('LIVECHAT');
  });
});
