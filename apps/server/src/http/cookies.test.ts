import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies.js';

describe('parseCookies', () => {
  it('reads names and values, trimmed and decoded', () => {
    const cookies = parseCookies(' a=1; remember=abc_-DEF ;  b=%20x%3B ; c="quoted"');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('remember')).toBe('abc_-DEF');
    expect(cookies.get('b')).toBe(' x;');
    expect(cookies.get('c')).toBe('quoted');
  });

  it('keeps the first of a repeated name and skips broken parts', () => {
    const cookies = parseCookies('x=first; x=second; novalue; =nameless; bad=%E0%A4%A');
    expect(cookies.get('x')).toBe('first');
    expect(cookies.has('novalue')).toBe(false);
    expect(cookies.has('')).toBe(false);
    expect(cookies.get('bad')).toBe('%E0%A4%A');
  });

  it('answers nothing for a missing header', () => {
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies('').size).toBe(0);
  });
});

describe('serializeCookie', () => {
  it('writes the attributes asked for', () => {
    expect(
      serializeCookie('remember', 'a b', {
        path: '/wps/session',
        maxAgeSeconds: 86400,
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
      }),
    ).toBe('remember=a%20b; Path=/wps/session; Max-Age=86400; HttpOnly; Secure; SameSite=Strict');
    expect(serializeCookie('x', '', { path: '/', maxAgeSeconds: 0 })).toBe('x=; Path=/; Max-Age=0');
  });

  it('refuses a name that would break the header', () => {
    expect(() => serializeCookie('a;b', 'v', { path: '/' })).toThrow();
  });
});
