import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-paths.js';

describe('isApiPath', () => {
  it('takes whole path segments, with or without a query', () => {
    for (const url of ['/admin', '/admin/x', '/seamless/bet?x=1', '/callbacks', '/dev/outbox']) {
      expect(isApiPath(url), url).toBe(true);
    }
    // `/seamless` itself is a page of the site; its API lives below it.
    for (const url of ['/', '/register', '/devices', '/administrator', '/wpsx?wps/', '/seamless']) {
      expect(isApiPath(url), url).toBe(false);
    }
  });
});
