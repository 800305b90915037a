import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionToken } from '../../../lib/session-token';
import { localKeys, writeLocal } from '../../../lib/storage';
import { mockApi, renderWithProviders } from '../../../test/render';
import { readRememberedUser, writeRememberedUser } from '../hooks/remembered-user';
import { LoginForm } from './login-form';

const token = 'T'.repeat(43);
const session = { success: true, value: { token, firstTimeLogin: false, passwordExpired: false } };
const member = {
  success: true,
  value: {
    id: 7,
    account: 'alice01',
    nickname: 'alice01',
    type: 0,
    toUpline: false,
    currency: 'VND',
    clubLabel: null,
    memberLabel: [],
  },
};

async function renderForm(onLoggedIn = vi.fn()) {
  await act(async () => {
    renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
  });
  return onLoggedIn;
}

describe('login form: remember me', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    writeLocal(localKeys.merchantCode, 'DEMO');
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the form writes.
    document.cookie = 'lastUser_DEMO=; Max-Age=0; Path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends rememberMe and keeps the username (never the password) for next time', async () => {
    const fetchMock = mockApi({
      '/wps/session/login': { body: session },
      '/wps/member/info': { body: member },
    });
    const onLoggedIn = await renderForm();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: ' alice01 ' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/wps/session/login'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      username: 'alice01',
      rememberMe: true,
    });
    expect(readRememberedUser()).toEqual({ username: 'alice01', oneClick: true });
    expect(JSON.stringify(window.localStorage)).not.toContain('secret123');
    expect(document.cookie).not.toContain('secret123');
  });

  it('offers one click within 24 hours and logs in with the cookie', async () => {
    writeRememberedUser('alice01', true);
    const fetchMock = mockApi({
      '/wps/session/login/remembered': { body: session },
      '/wps/member/info': { body: member },
    });
    const onLoggedIn = await renderForm();
    expect(screen.getByText('Welcome back, alice01')).toBeTruthy();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ passwordExpired: false }));
    expect(getSessionToken()).toBe(token);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/login/remembered'))).toBe(
      true,
    );
  });

  it('falls back to the password form, name filled, when the cookie is refused', async () => {
    writeRememberedUser('alice01', true);
    mockApi({
      '/wps/session/login/remembered': {
        status: 401,
        body: { success: false, errorCode: 'REMEMBER_TOKEN_INVALID', message: 'x' },
      },
    });
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please log in with your password')).toBeTruthy();
    expect((screen.getByLabelText(/Username/) as HTMLInputElement).value).toBe('alice01');
    expect(readRememberedUser()).toEqual({ username: 'alice01', oneClick: false });
  });

  it('"Not you?" revokes the cookie and forgets the name', async () => {
    writeRememberedUser('alice01', true);
    const fetchMock = mockApi({
      '/wps/session/login/remembered/forget': { body: { success: true, value: null } },
    });
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Not you?' }));
    await waitFor(() => expect(screen.getByLabelText(/Username/)).toBeTruthy());
    expect((screen.getByLabelText(/Username/) as HTMLInputElement).value).toBe('');
    expect(readRememberedUser()).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/remembered/forget'))).toBe(
      true,
    );
  });

  it('says how long to wait when logins are throttled', async () => {
    mockApi({
      '/wps/session/login': {
        status: 429,
        body: {
          success: false,
          errorCode: 'LOGIN_THROTTLED',
          message: 'x',
          details: { retryAfterSeconds: 8 },
        },
      },
    });
    await renderForm();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'alice01' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Too many failed logins. Please wait before trying again. Try again in 8 seconds.',
    );
  });
});
