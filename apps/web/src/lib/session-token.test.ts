import { afterEach, describe, expect, it } from 'vitest';
import { adoptTokenFromUrl, clearSession, getSessionToken } from './session-token';

describe('a token in the page address', () => {
  afterEach(() => {
    clearSession();
    window.history.replaceState(null, '', '/');
  });

  it('becomes the session token and leaves the address', () => {
    const token = 'Abc_-'.padEnd(43, 'x');
    window.history.replaceState(null, '', `/promo?token=${token}&lang=vi#top`);
    adoptTokenFromUrl();
    expect(getSessionToken()).toBe(token);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/promo?lang=vi#top',
    );
  });

  it('drops a malformed token from the address without using it', () => {
    window.history.replaceState(null, '', '/?token=short');
    adoptTokenFromUrl();
    expect(getSessionToken()).toBeNull();
    expect(window.location.search).toBe('');
  });

  it("leaves the reset page's token to the reset page", () => {
    const resetToken = 'R'.padEnd(43, 'x');
    window.history.replaceState(null, '', `/reset-password?token=${resetToken}`);
    adoptTokenFromUrl();
    expect(getSessionToken()).toBeNull();
    expect(window.location.search).toBe(`?token=${resetToken}`);
  });

  it("leaves a built-in game's launch token to its play page (it is not a session)", () => {
    const launchToken = 'L'.padEnd(43, 'x');
    for (const path of ['/play', '/play/inh-dice']) {
      window.history.replaceState(null, '', `${path}?token=${launchToken}&lang=EN`);
      adoptTokenFromUrl();
      expect(getSessionToken()).toBeNull();
      expect(window.location.search).toBe(`?token=${launchToken}&lang=EN`);
    }
  });

  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/?x=1');
    adoptTokenFromUrl();
    expect(window.location.search).toBe('?x=1');
    expect(getSessionToken()).toBeNull();
  });
});
