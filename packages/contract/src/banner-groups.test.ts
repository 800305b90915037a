import { describe, expect, it } from 'vitest';
import { bannerGroupByPath } from './site-resources.js';

describe('banner groups by path', () => {
  it('shows the download banners on /download as on /down (SPEC §2)', () => {
    expect(bannerGroupByPath['/download']).toBe('w_down');
    expect(bannerGroupByPath['/down']).toBe('w_down');
  });
});
