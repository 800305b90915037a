import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.TRUST_PROXY).toBe(0);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('names every bad value', () => {
    const bad = { PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    for (const name of Object.keys(bad)) expect(() => loadConfig(bad)).toThrow(name);
    expect(() => loadConfig({ PORT: '70000', NODE_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/,
    );
  });

  it('checks CAPTCHA_FIXED_ANSWER (production refuses it: runtime-switches.test.ts)', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_ANSWER: '1234' }).CAPTCHA_FIXED_ANSWER,
    ).toBe('1234');
    expect(() => loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_ANSWER: 'abc' })).toThrow(
      ConfigError,
    );
  });

  it('checks SLIDER_FIXED_OFFSET inside the gap band', () => {
    expect(loadConfig({ NODE_ENV: 'test', SLIDER_FIXED_OFFSET: '150' }).SLIDER_FIXED_OFFSET).toBe(
      150,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SLIDER_FIXED_OFFSET: '3' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', SLIDER_FIXED_OFFSET: '1.5' })).toThrow(ConfigError);
  });

  it('parses booleans strictly', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
  });

  it('counts the proxies TRUST_PROXY names (true is one)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(ConfigError);
  });
});

describe('message providers', () => {
  it('default to the outboxes', () => {
    const config = loadConfig({});
    expect(config.SMS_PROVIDER).toBe('outbox');
    expect(config.EMAIL_PROVIDER).toBe('outbox');
    expect(config.TWILIO_API_BASE_URL).toBe('https://api.twilio.com');
  });

  it('name every missing Twilio credential', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_FROM: '+15005550006' })).toThrow(
      /TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio[\s\S]*TWILIO_AUTH_TOKEN/,
    );
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15005550006',
    });
    expect(config.SMS_PROVIDER).toBe('twilio');
  });

  it('name the missing SMTP settings', () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL[\s\S]*MAIL_FROM/);
    expect(() =>
      loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'http://x', MAIL_FROM: 'a@b.c' }),
    ).toThrow(/SMTP_URL/);
    expect(
      loadConfig({
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://user:pass@mail.example.com:587',
        MAIL_FROM: 'no-reply@example.com',
      }).EMAIL_PROVIDER,
    ).toBe('smtp');
  });

  it('reads the visitor-country sources', () => {
    const config = loadConfig({
      GEO_COUNTRY_HEADER: 'CF-IPCountry',
      GEO_COUNTRY_HEADER_TRUSTED: 'true',
      GEOIP_DB_PATH: '/var/lib/geoip/GeoLite2-Country.mmdb',
    });
    expect(config.GEO_COUNTRY_HEADER).toBe('CF-IPCountry');
    expect(config.GEO_COUNTRY_HEADER_TRUSTED).toBe(true);
    expect(config.GEOIP_DB_PATH).toBe('/var/lib/geoip/GeoLite2-Country.mmdb');
    expect(loadConfig({}).GEO_COUNTRY_HEADER_TRUSTED).toBeUndefined();
    expect(() => loadConfig({ GEO_COUNTRY_HEADER: 'bad header: x' })).toThrow(/GEO_COUNTRY_HEADER/);
  });

  it('takes a METRICS_TOKEN of 32 characters or more, and refuses a shorter one', () => {
    expect(loadConfig({ METRICS_TOKEN: 'f'.repeat(32) }).METRICS_TOKEN).toBe('f'.repeat(32));
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
