import { describe, expect, it } from 'vitest';
import { readSmsLoginPhone, smsLoginPhoneCookie } from './sms-login-phone';

describe('the SMS-login phone cookie (SPEC §3)', () => {
  it('keeps the number with its country code as JSON and reads it back', () => {
    const cookie = smsLoginPhoneCookie({ countryDialingCode: '84', mobileNum: '912345678' }, true);
    expect(cookie).toContain('Max-Age=2592000; Path=/; SameSite=Lax; Secure');
    const pair = cookie.split(';')[0] ?? '';
    expect(readSmsLoginPhone(`theme=dark; ${pair}`)).toEqual({
      countryDialingCode: '84',
      mobileNum: '912345678',
    });
  });

  it('ignores a cookie that is not a phone', () => {
    expect(readSmsLoginPhone('smsLoginPhone=%7B%22mobileNum%22%3A%22x%22%7D')).toBeNull();
    expect(readSmsLoginPhone('smsLoginPhone=not-json')).toBeNull();
    expect(readSmsLoginPhone('')).toBeNull();
  });
});
