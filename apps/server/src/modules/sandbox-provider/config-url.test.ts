import { describe, expect, it } from 'vitest';
import { loadConfig, sandboxProviderPlatformUrl } from '../../config.js';

describe('SANDBOX_PROVIDER_PLATFORM_URL', () => {
  it("defaults to this server's own port and takes any http(s) URL", () => {
    expect(sandboxProviderPlatformUrl(loadConfig({ PORT: '9123' }))).toBe('http://127.0.0.1:9123');
    expect(
      sandboxProviderPlatformUrl(
        loadConfig({ SANDBOX_PROVIDER_PLATFORM_URL: 'https://platform.example.com' }),
      ),
    ).toBe('https://platform.example.com');
    expect(() => loadConfig({ SANDBOX_PROVIDER_PLATFORM_URL: 'ftp://x' })).toThrow(
      /SANDBOX_PROVIDER_PLATFORM_URL/,
    );
  });
});
