import { describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_DEPTH, jsonDepthExceeds, pathOfNul } from './input-guard.js';

describe('jsonDepthExceeds', () => {
  it('accepts nesting up to the bound and refuses one level more', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(jsonDepthExceeds(nested(JSON_BODY_MAX_DEPTH), JSON_BODY_MAX_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(JSON_BODY_MAX_DEPTH + 1), JSON_BODY_MAX_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(nested(5000), JSON_BODY_MAX_DEPTH)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{\\"[[[[', b: [1, [2]] });
    expect(jsonDepthExceeds(text, 3)).toBe(false);
  });
});

describe('pathOfNul', () => {
  it('finds a NUL in a nested value or key and nothing in clean input', () => {
    expect(pathOfNul({ a: { b: ['x', 'y\u0000'] } })).toBe('a.b.1');
    expect(pathOfNul({ 'k\u0000': 1 })).toBe('(key)');
    expect(pathOfNul({ a: 'clean', b: [1, null, true] })).toBeUndefined();
    expect(pathOfNul('a\u0000')).toBe('');
  });
});
