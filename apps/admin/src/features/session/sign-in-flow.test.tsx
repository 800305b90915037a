import { CSRF_HEADER } from '@app/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const noDashboard = failure(403, 'FORBIDDEN');

/** Types into a field once its (lazily loaded) page shows it. */
async function type(testId: string, value: string) {
  const input = (await screen.findByTestId(testId, {}, { timeout: 5_000 })) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

describe('signing in to the console', () => {
  it('asks for the TOTP code after the password, signs in, and sends the CSRF token on sign-out', async () => {
    const session = sessionOf('admin');
    const fetchMock = mockApi({
      'GET /admin/session': [failure(401, 'SESSION_REQUIRED')],
      'POST /admin/session/login': [
        ok({ status: 'totp-required' }),
        ok({ status: 'signed-in', session }),
      ],
      'GET /admin/dashboard': [noDashboard],
      'POST /admin/session/logout': [ok({})],
    });
    const { router } = await renderConsole('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    // Not being signed in yet is no expired session.
    await screen.findByTestId('sign-in-username');
    expect(screen.queryByTestId('session-expired')).toBeNull();

    await type('sign-in-username', 'admin');
    await type('sign-in-password', 'admin123');
    await click('sign-in-submit');
    await screen.findByTestId('sign-in-totp');
    expect(router.state.location.pathname).toBe('/sign-in');

    await type('sign-in-totp', '123456');
    await click('sign-in-totp-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByTestId('operator-name');

    const logins = requestsTo(fetchMock, 'POST', '/admin/session/login');
    expect(logins.map((request) => request.body)).toEqual([
      { username: 'admin', password: 'admin123' },
      { username: 'admin', password: 'admin123', totpCode: '123456' },
    ]);
    // The first call carried no CSRF token: there was no session yet.
    expect(logins[0]?.headers.get(CSRF_HEADER)).toBeNull();

    await click('sign-out');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    const [logout] = requestsTo(fetchMock, 'POST', '/admin/session/logout');
    expect(logout?.headers.get(CSRF_HEADER)).toBe(session.csrfToken);
  });

  it('refuses a TOTP code that is not six digits before asking the server', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [failure(401, 'SESSION_REQUIRED')],
      'POST /admin/session/login': [ok({ status: 'totp-required' })],
    });
    await renderConsole('/sign-in');
    await type('sign-in-username', 'admin');
    await type('sign-in-password', 'admin123');
    await click('sign-in-submit');
    await screen.findByTestId('sign-in-totp');
    await type('sign-in-totp', '12ab');
    await click('sign-in-totp-submit');
    expect(requestsTo(fetchMock, 'POST', '/admin/session/login')).toHaveLength(1);
  });

  it('signs in with a recovery code through the link', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [failure(401, 'SESSION_REQUIRED')],
      'POST /admin/session/login': [
        ok({ status: 'totp-required' }),
        ok({ status: 'signed-in', session: sessionOf('admin') }),
      ],
      'GET /admin/dashboard': [noDashboard],
    });
    const { router } = await renderConsole('/sign-in');
    await type('sign-in-username', 'admin');
    await type('sign-in-password', 'admin123');
    await click('sign-in-submit');
    await screen.findByTestId('sign-in-recovery-link');
    await click('sign-in-recovery-link');
    await type('sign-in-recovery', 'abcd-efgh-ijkl');
    await click('sign-in-recovery-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [, second] = requestsTo(fetchMock, 'POST', '/admin/session/login');
    expect(second?.body).toMatchObject({ recoveryCode: 'abcd-efgh-ijkl' });
  });

  it('sends an operator without TOTP to the enrolment page', async () => {
    mockApi({
      'GET /admin/session': [failure(401, 'SESSION_REQUIRED')],
      'POST /admin/session/login': [
        ok({ status: 'signed-in', session: sessionOf('admin', { totpEnrolled: false }) }),
      ],
      'POST /admin/session/totp/start': [
        ok({
          otpauthUri: 'otpauth://totp/x',
          qrSvg: '<svg></svg>',
          secretBase32: 'JBSWY3DPEHPK3PXP',
        }),
      ],
    });
    const { router } = await renderConsole('/sign-in');
    await type('sign-in-username', 'admin');
    await type('sign-in-password', 'admin123');
    await click('sign-in-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrol'));
    expect((await screen.findByTestId('enrol-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    const qr = screen.getByTestId('enrol-qr') as HTMLImageElement;
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('goes back to the sign-in page with a message when a call finds the session ended', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('admin'))],
      'GET /admin/dashboard': [failure(401, 'SESSION_EXPIRED')],
    });
    const { router } = await renderConsole('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByTestId('session-expired')).toBeTruthy();
  });
});
