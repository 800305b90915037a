import { beforeEach, describe, expect, it } from 'vitest';
import { localKeys, writeLocal } from '../../../lib/storage';
import {
  endOneClick,
  REMEMBER_DURATION_MS,
  readRememberedUser,
  writeRememberedUser,
} from './remembered-user';

describe('remembered user', () => {
  beforeEach(() => {
    window.localStorage.clear();
    writeLocal(localKeys.merchantCode, 'DEMO');
  });

  it('keeps the username and offers one click for 24 hours, never the password', () => {
    writeRememberedUser('alice01', true, 1_000);
    expect(readRememberedUser(1_000)).toEqual({ username: 'alice01', oneClick: true });
    expect(readRememberedUser(1_000 + REMEMBER_DURATION_MS)).toEqual({
      username: 'alice01',
      oneClick: false,
    });
    expect(window.localStorage.getItem(localKeys.lastUser)).not.toMatch(/password/i);
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

  it('survives garbage in storage', () => {
    window.localStorage.setItem(localKeys.lastUser, '{not json');
    expect(readRememberedUser()).toBeNull();
  });
});
