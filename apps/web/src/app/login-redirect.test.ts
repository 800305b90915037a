import { describe, expect, it } from 'vitest';
import { isOpenWithoutLogin, loginRedirectOf, openWithoutLoginPaths } from './routes';

describe('login-required home (SPEC §2)', () => {
  it('leaves every page open when the switch is off', () => {
    for (const pathname of ['/', '/help', '/promotions', '/download']) {
      expect(loginRedirectOf({ loginRequired: false, hasToken: false, pathname })).toBeNull();
    }
  });

  it('sends a visitor without a token to /login from every other page', () => {
    for (const pathname of ['/', '/home', '/index.html', '/help', '/rng', '/promotions', '/x']) {
      expect(loginRedirectOf({ loginRequired: true, hasToken: false, pathname })).toBe('/login');
    }
  });

  it('keeps the spec exceptions open, with or without a trailing slash', () => {
    for (const pathname of ['/login', '/register', '/register.html', '/helpmc', '/download']) {
      expect(isOpenWithoutLogin(pathname)).toBe(true);
      expect(isOpenWithoutLogin(`${pathname}/`)).toBe(true);
      expect(loginRedirectOf({ loginRequired: true, hasToken: false, pathname })).toBeNull();
    }
    expect(openWithoutLoginPaths).toContain('/reset-password');
    expect(isOpenWithoutLogin('/downloads')).toBe(false);
    expect(isOpenWithoutLogin('/login/extra')).toBe(false);
  });

  it('lets a visitor with a token go anywhere', () => {
    expect(loginRedirectOf({ loginRequired: true, hasToken: true, pathname: '/' })).toBeNull();
  });
});
