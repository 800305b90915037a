import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getSessionToken,
  isJoiningTab,
  sessionStore,
  setSessionToken,
} from './session-token';
import { connectTabs, TAB_JOIN_WAIT_MS } from './tab-session';

describe('one login across the tabs of a browser', () => {
  const token = 'T'.padEnd(43, 'x');
  let otherTab: BroadcastChannel;
  let heard: unknown[];
  let disconnect: () => void = () => undefined;

  beforeEach(() => {
    heard = [];
    otherTab = new BroadcastChannel('session');
    otherTab.onmessage = (event) => heard.push(event.data);
  });
  afterEach(() => {
    disconnect();
    otherTab.close();
    window.sessionStorage.clear();
  });

  it('a new tab asks the open tabs and joins the session one of them answers with', async () => {
    otherTab.onmessage = (event) => {
      heard.push(event.data);
      if (event.data.kind === 'ask') otherTab.postMessage({ kind: 'token', token, cpw: '1' });
    };
    disconnect = connectTabs(sessionStore);
    expect(isJoiningTab()).toBe(true);
    await vi.waitFor(() => expect(getSessionToken()).toBe(token));
    expect(heard).toEqual([{ kind: 'ask' }]);
    expect(isJoiningTab()).toBe(false);
    expect(window.sessionStorage.getItem('cpw')).toBe('1');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('a tab without an answer stops waiting and stays a guest', async () => {
    disconnect = connectTabs(sessionStore);
    await vi.waitFor(() => expect(isJoiningTab()).toBe(false), TAB_JOIN_WAIT_MS * 3);
    expect(getSessionToken()).toBeNull();
  });

  it('an open tab answers a new tab with its token', async () => {
    setSessionToken(token);
    disconnect = connectTabs(sessionStore);
    expect(isJoiningTab()).toBe(false);
    otherTab.postMessage({ kind: 'ask' });
    await vi.waitFor(() => expect(heard).toContainEqual({ kind: 'token', token, cpw: null }));
  });

  it('signing out tells every tab, and a tab ends the session it shares', async () => {
    setSessionToken(token);
    disconnect = connectTabs(sessionStore);
    clearSession();
    await vi.waitFor(() => expect(heard).toContainEqual({ kind: 'signout', token }));

    setSessionToken(token);
    otherTab.postMessage({ kind: 'signout', token: 'O'.padEnd(43, 'x') });
    otherTab.postMessage({ kind: 'ask' });
    // The answer to the later ask (an answer carries cpw) proves the sign-out came first.
    await vi.waitFor(() => expect(heard).toContainEqual({ kind: 'token', token, cpw: null }));
    expect(getSessionToken()).toBe(token);
    otherTab.postMessage({ kind: 'signout', token });
    await vi.waitFor(() => expect(getSessionToken()).toBeNull());
  });
});
