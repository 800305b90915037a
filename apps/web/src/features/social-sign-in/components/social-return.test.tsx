import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { SocialReturn } from './social-return';

const loginCode = 'A'.repeat(43);

function renderAt(url: string, onSession: (token: string) => Promise<unknown>) {
  const router = createMemoryRouter(
    [{ path: '/', element: <SocialReturn onSession={onSession} /> }],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('SocialReturn', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('trades ?socialLogin= for a session and takes the code out of the address', async () => {
    const fetchMock = mockApi({
      '/wps/session/social/exchange': {
        body: {
          success: true,
          value: { token: 'tok', firstTimeLogin: true, passwordExpired: false },
        },
      },
    });
    const onSession = vi.fn(async () => undefined);
    const router = renderAt(`/?socialLogin=${loginCode}&x=1`, onSession);
    await waitFor(() => expect(onSession).toHaveBeenCalledWith('tok'));
    expect(router.state.location.search).toBe('?x=1');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ code: loginCode });
  });

  it('shows a refused code as a translated error', async () => {
    mockApi({
      '/wps/session/social/exchange': {
        status: 400,
        body: { success: false, errorCode: 'SOCIAL_LOGIN_CODE_INVALID', message: 'x' },
      },
    });
    const onSession = vi.fn(async () => undefined);
    renderAt(`/?socialLogin=${loginCode}`, onSession);
    expect(await screen.findByText('The sign-in has expired, please try again')).toBeTruthy();
    expect(onSession).not.toHaveBeenCalled();
  });

  it('shows ?socialError= translated, and nothing for a visit without either', async () => {
    const onSession = vi.fn(async () => undefined);
    const router = renderAt('/?socialError=SOCIAL_SIGN_IN_DISABLED', onSession);
    expect(await screen.findByText('This sign-in method is not available')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
