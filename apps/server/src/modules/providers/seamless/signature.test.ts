import { SEAMLESS_TIMESTAMP_WINDOW_MS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { gameUrlOf } from '../service.js';
import { providerApiBase } from '../transfer/client.js';
import { signedHeaders, signProviderCall, verifyProviderCall } from './signature.js';

const SECRET = 'unit-secret';
const NOW_MS = 1_800_000_000_000;

describe('provider call signatures', () => {
  it('signs "<timestamp>.<raw body>" with HMAC-SHA256 as sha256=<hex>', () => {
    // Fixed vector, so another implementation (the sandbox provider, a real one) can check itself.
    expect(signProviderCall('key', '1', '{}')).toBe(
      'sha256=1ba6b8171186efc613e8bcc0cbdab2748f24984d7c5a84faa2637afa0e40d224',
    );
    expect(signProviderCall('key', '1', '{}')).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('accepts its own signature inside the window and nothing else', () => {
    const body = '{"sessionId":"abc"}';
    const headers = signedHeaders(SECRET, body, NOW_MS);
    const check = (overrides: Partial<Parameters<typeof verifyProviderCall>[0]>) =>
      verifyProviderCall({
        secret: SECRET,
        timestamp: headers['x-provider-timestamp'],
        signature: headers['x-provider-signature'],
        rawBody: body,
        nowMs: NOW_MS,
        ...overrides,
      });
    expect(check({})).toBe(true);
    expect(check({ nowMs: NOW_MS + SEAMLESS_TIMESTAMP_WINDOW_MS })).toBe(true);
    expect(check({ nowMs: NOW_MS + SEAMLESS_TIMESTAMP_WINDOW_MS + 1 })).toBe(false);
    expect(check({ nowMs: NOW_MS - SEAMLESS_TIMESTAMP_WINDOW_MS - 1 })).toBe(false);
    expect(check({ rawBody: `${body} ` })).toBe(false);
    expect(check({ secret: 'other' })).toBe(false);
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ timestamp: 'soon' })).toBe(false);
    expect(check({ signature: headers['x-provider-signature'].toUpperCase() })).toBe(false);
  });
});

describe('launch and API addresses', () => {
  it('adds the token and language to the launch URL', () => {
    expect(gameUrlOf('/sandbox-provider/play', 'tok', 'EN')).toBe(
      '/sandbox-provider/play?token=tok&lang=EN',
    );
    expect(gameUrlOf('https://p.example/play?x=1', 't/k', 'VI')).toBe(
      'https://p.example/play?x=1&token=t%2Fk&lang=VI',
    );
  });

  it("takes the provider's API base from the launch URL's origin", () => {
    expect(providerApiBase('https://p.example:8443/games/play', 'http://127.0.0.1:8080')).toBe(
      'https://p.example:8443/api',
    );
    expect(providerApiBase('/sandbox-provider/play', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/api',
    );
  });
});
