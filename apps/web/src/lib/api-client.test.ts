import { ApiError } from '@app/web-shared/api-error';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/render';
import { callApi } from './api-client';
import { changeLanguage } from './i18n';
import { getSessionToken, setSessionToken } from './session-token';

describe('callApi', () => {
  it('sends the four headers and a JSON body, and unwraps the value', async () => {
    window.localStorage.setItem('merchantCode', 'demo');
    await changeLanguage('VI', false);
    const fetchMock = mockApi({
      '/wps/session/login': {
        body: {
          success: true,
          value: { token: 't1', firstTimeLogin: false, passwordExpired: false },
        },
      },
    });

    const value = await callApi('login', {
      body: { username: 'alice', password: 'secret1', type: 'username' },
    });

    expect(value).toEqual({ token: 't1', firstTimeLogin: false, passwordExpired: false });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/wps/session/login');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Merchant')).toBe('demo');
    expect(headers.get('Language')).toBe('VI');
    expect(headers.get('Device')).toBe('WEB');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toMatchObject({ username: 'alice', type: 'username' });
    await changeLanguage('EN', false);
  });

  it('sends the raw token on a session call and omits an unknown merchant', async () => {
    setSessionToken('raw-token');
    const fetchMock = mockApi({
      '/wps/v2/wallets/balance': {
        body: { success: true, value: { sumBalance: 0, currency: 'VND' } },
      },
    });

    await callApi('balance');

    const headers = new Headers((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers);
    expect(headers.get('Authorization')).toBe('raw-token');
    expect(headers.has('Merchant')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('throws an ApiError with the code and details of an error envelope', async () => {
    mockApi({
      '/wps/session/login': {
        status: 401,
        body: {
          success: false,
          errorCode: 'INVALID_CREDENTIALS',
          message: 'no',
          details: { field: 'password' },
        },
      },
    });

    const error = await callApi('login', { body: { username: 'a', password: 'b' } }).catch(
      (e) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      errorCode: 'INVALID_CREDENTIALS',
      details: { field: 'password' },
    });
  });

  it('ends the session when a session call answers 401', async () => {
    setSessionToken('stale');
    mockApi({
      '/wps/member/info': {
        status: 401,
        body: { success: false, errorCode: 'SESSION_EXPIRED', message: 'expired' },
      },
    });

    await expect(callApi('memberInfo')).rejects.toMatchObject({ errorCode: 'SESSION_EXPIRED' });
    expect(getSessionToken()).toBeNull();
  });

  it('reports a failed connection as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });

    await expect(callApi('balance')).rejects.toMatchObject({
      errorCode: 'NETWORK_ERROR',
      status: 0,
    });
  });
});
