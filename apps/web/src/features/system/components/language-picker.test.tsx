import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { clearSession, setSessionToken } from '../../../lib/session-token';
import { sessionKeys, writeSession } from '../../../lib/storage';
import { mockApi } from '../../../test/render';
import { pickLanguage } from './language-picker';

function languageCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/wps/member/language'));
}

describe("left bar's language picker", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    clearSession();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('EN');
  });

  it('saves the language on the server for a logged-in member (SPEC §7 update language)', async () => {
    const fetchMock = mockApi({ '/wps/member/language': { body: { success: true, value: null } } });
    setSessionToken('T'.repeat(43));
    writeSession(sessionKeys.isAgent, '0');
    await pickLanguage('VI');
    const calls = languageCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ language: 'VI' });
  });

  it('only switches the browser for a guest or a trial account', async () => {
    const fetchMock = mockApi({});
    await pickLanguage('VI');
    setSessionToken('T'.repeat(43));
    writeSession(sessionKeys.isAgent, '4');
    await pickLanguage('EN');
    expect(languageCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps the switch when the save fails', async () => {
    mockApi({ '/wps/member/language': { status: 500, body: { success: false } } });
    setSessionToken('T'.repeat(43));
    await expect(pickLanguage('VI')).resolves.toBeUndefined();
  });
});
