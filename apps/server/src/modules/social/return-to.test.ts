import { describe, expect, it } from 'vitest';
import { safeReturnTo, withQuery } from './service.js';

describe('safeReturnTo', () => {
  it('keeps paths of the site', () => {
    expect(safeReturnTo('/')).toBe('/');
    expect(safeReturnTo('/promotions?tab=1#top')).toBe('/promotions?tab=1#top');
  });

  it('turns anything else into /', () => {
    for (const value of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/a\\b',
      'javascript:alert(1)',
      '/\u0000x',
      '/line\nbreak',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnTo(value)).toBe('/');
    }
  });
});

describe('withQuery', () => {
  it('adds or replaces one parameter and keeps the rest', () => {
    expect(withQuery('/', 'socialLogin', 'abc')).toBe('/?socialLogin=abc');
    expect(withQuery('/casino?x=1#top', 'socialError', 'E')).toBe('/casino?x=1&socialError=E#top');
    expect(withQuery('/?socialError=A', 'socialError', 'B')).toBe('/?socialError=B');
  });
});
