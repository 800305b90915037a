import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-error';
import { callHeaders, fetchEnvelope, urlWithQuery } from './envelope-call';

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('the shared envelope call', () => {
  it('writes the query without undefined or null values, and keeps empty strings', () => {
    expect(urlWithQuery('/x', { a: 1, b: undefined, c: null, d: '' })).toBe('/x?a=1&d=');
    expect(urlWithQuery('/x', undefined)).toBe('/x');
    expect(urlWithQuery('/x', { b: undefined })).toBe('/x');
  });

  it('sends language, device, JSON and the idempotency key', () => {
    const headers = callHeaders('vi', 'WEB', true, 'key-1');
    expect(headers.get('Language')).toBe('vi');
    expect(headers.get('Device')).toBe('WEB');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(callHeaders('en', 'WEB', false, undefined).has('Content-Type')).toBe(false);
  });

  it('answers the value of a successful envelope and tells no failure', async () => {
    vi.stubGlobal('fetch', reply(200, { success: true, value: { n: 1 } }));
    const onFailure = vi.fn();
    await expect(fetchEnvelope('/x', {}, onFailure)).resolves.toEqual({ n: 1 });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('turns a failed envelope into ApiError, shown to onFailure before it is thrown', async () => {
    vi.stubGlobal(
      'fetch',
      reply(401, { success: false, errorCode: 'SESSION_EXPIRED', message: 'gone' }),
    );
    const onFailure = vi.fn();
    const error = await fetchEnvelope('/x', {}, onFailure).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, errorCode: 'SESSION_EXPIRED', message: 'gone' });
    expect(onFailure).toHaveBeenCalledWith(error);
  });

  it('names a network failure NETWORK_ERROR with status 0, and a bare 5xx INTERNAL_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const onFailure = vi.fn();
    await expect(fetchEnvelope('/x', {}, onFailure)).rejects.toMatchObject({
      status: 0,
      errorCode: NETWORK_ERROR,
    });
    expect(onFailure).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 502 })),
    );
    await expect(fetchEnvelope('/x', {}, onFailure)).rejects.toMatchObject({
      status: 502,
      errorCode: 'INTERNAL_ERROR',
    });
  });
});
