import { describe, expect, it } from 'vitest';
import { isAllowedBannerImageUrl } from './banner-image-url.js';

describe('isAllowedBannerImageUrl', () => {
  it('allows http(s) addresses and inline images', () => {
    for (const url of [
      'https://cdn.example.com/banner.png',
      'http://cdn.example.com/b.jpg',
      'data:image/png;base64,AA==',
      'data:image/svg+xml,%3Csvg%3E',
      '/content/images/0b6c5d2e-9f1a-4c3b-8d7e-6f5a4b3c2d1e',
    ]) {
      expect(isAllowedBannerImageUrl(url), url).toBe(true);
    }
  });

  it('refuses javascript:, other data: types, other schemes and relative URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x.png',
      '/images/x.png',
      '/content/images/../../admin',
      '/content/images/0b6c5d2e-9f1a-4c3b-8d7e-6f5a4b3c2d1e?x=1',
      'https:///x',
      '',
    ]) {
      expect(isAllowedBannerImageUrl(url), url).toBe(false);
    }
  });
});
