import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides one-time secrets in query strings and keeps the rest', () => {
    expect(redactUrl('/wps/session/social/google/callback?code=abc&state=def&iss=x')).toBe(
      '/wps/session/social/google/callback?code=redacted&state=redacted&iss=x',
    );
    expect(redactUrl('/?socialLogin=secret')).toBe('/?socialLogin=redacted');
    expect(redactUrl('/?token=t&lang=vi')).toBe('/?token=redacted&lang=vi');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/wps/system/status?url=localhost')).toBe('/wps/system/status?url=localhost');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
