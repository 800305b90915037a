import { beforeEach, describe, expect, it } from 'vitest';
import { localKeys, writeLocal } from '../../../lib/storage';
import {
  endOneClick,
  LAST_USER_MAX_AGE_SECONDS,
  lastUserCookie,
  REMEMBER_DURATION_MS,
  readRememberedUser,
  writeRememberedUser,
} from './remembered-user';

function clearCookies() {
  for (const merchant of ['DEMO', 'OTHER']) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookies it wrote.
    document.cookie = `lastUser_${merchant}=; Max-Age=0; Path=/`;
  }
}

describe('remembered user (SPEC §3 cookie: last user under a merchant-scoped key)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    clearCookies();
    writeLocal(localKeys.merchantCode, 'DEMO');
  });

  it('keeps the username in the cookie lastUser_<merchant> and offers one click for 24 hours, never the password', () => {
    writeRememberedUser('alice01', true, 1_000);
    expect(document.cookie).toContain('lastUser_DEMO=');
    expect(readRememberedUser(1_000)).toEqual({ username: 'alice01', oneClick: true });
    expect(readRememberedUser(1_000 + REMEMBER_DURATION_MS)).toEqual({
      username: 'alice01',
      oneClick: false,
    });
    expect(document.cookie).not.toMatch(/password/i);
  });

  it('writes the attributes: path /, Lax, 30 days, Secure on https', () => {
    const text = lastUserCookie({ username: 'alice01', rememberUntilMs: 0 }, true);
    expect(text).toMatch(/^lastUser_DEMO=/);
    expect(text).toContain(`Max-Age=${LAST_USER_MAX_AGE_SECONDS}`);
    expect(text).toContain('Path=/; SameSite=Lax; Secure');
    expect(lastUserCookie(null, false)).toBe('lastUser_DEMO=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('keeps only the name without remember me, and is kept per merchant', () => {
    writeRememberedUser('bob0001', false, 1_000);
    expect(readRememberedUser(1_000)).toEqual({ username: 'bob0001', oneClick: false });
    writeLocal(localKeys.merchantCode, 'OTHER');
    expect(readRememberedUser(1_000)).toBeNull();
  });

  it('ends one click, or forgets the name too ("not you?")', () => {
    writeRememberedUser('carol01', true, 1_000);
    endOneClick(false);
    expect(readRememberedUser(1_000)).toEqual({ username: 'carol01', oneClick: false });
    endOneClick(true);
    expect(readRememberedUser(1_000)).toBeNull();
  });

  it('survives garbage in the cookie', () => {
    expect(readRememberedUser(0, 'lastUser_DEMO=%7Bnot%20json')).toBeNull();
    expect(readRememberedUser(0, 'lastUser_DEMO=%7B%22username%22%3A1%7D')).toBeNull();
  });
});
