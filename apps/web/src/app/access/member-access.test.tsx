import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../lib/api-client';
import { clearSession, setSessionToken } from '../../lib/session-token';
import { hideTrialWarning } from '../../lib/trial-warning';
import { mockApi, renderWithProviders } from '../../test/render';
import { AuthModalsProvider, useAuthModals } from '../auth-modals/auth-modals-context';
import { resetAutoDialogs, setAutoDialogBlockCheck } from '../auto-dialogs/auto-dialog-queue';
import { MemberAccessHost } from './member-access-host';
import { useMemberAction } from './use-member-action';

const memberOfType = (type: number) => ({
  body: {
    success: true,
    value: {
      id: 9,
      account: 'demo_abcdefghij',
      nickname: 'demo_abcdefghij',
      type,
      toUpline: false,
      currency: 'VND',
      clubLabel: null,
      memberLabel: [],
    },
  },
});

function Harness({ onAction }: { onAction: () => void }) {
  const guard = useMemberAction();
  const { current } = useAuthModals();
  return (
    <>
      <button type="button" onClick={() => guard(onAction)}>
        Deposit
      </button>
      <span data-testid="modal">{current ?? 'none'}</span>
      <MemberAccessHost />
    </>
  );
}

async function renderHarness(onAction = vi.fn()) {
  await act(async () => {
    renderWithProviders(
      <AuthModalsProvider>
        <Harness onAction={onAction} />
      </AuthModalsProvider>,
    );
  });
  return onAction;
}

describe('member actions by role (SPEC §6)', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    hideTrialWarning();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('opens the login pop-up for a guest and stops', async () => {
    const onAction = await renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('modal').textContent).toBe('login');
    expect(onAction).not.toHaveBeenCalled();
  });

  it('warns a trial account, explains the demo, and lets it keep playing', async () => {
    mockApi({ '/wps/member/info': memberOfType(4) });
    setSessionToken('A'.repeat(43));
    const onAction = await renderHarness();
    await waitFor(() => expect(window.sessionStorage.getItem('isAgent')).toBe('4'));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Please register an account first')).toBeTruthy();
    expect(screen.getByText(/cannot deposit, withdraw/)).toBeTruthy();
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep playing the demo' }));
    await waitFor(() => expect(screen.queryByText('Please register an account first')).toBeNull());
    expect(window.sessionStorage.getItem('token')).toBe('A'.repeat(43));
  });

  it('"Create a real account" ends the demo session and opens registration', async () => {
    mockApi({
      '/wps/member/info': memberOfType(4),
      '/wps/session/logout': { body: { success: true, value: null } },
    });
    setSessionToken('D'.repeat(43));
    await renderHarness();
    await waitFor(() => expect(window.sessionStorage.getItem('isAgent')).toBe('4'));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create a real account' }));
    await waitFor(() => expect(screen.getByTestId('modal').textContent).toBe('register'));
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('Please register an account first')).toBeNull();
  });

  it('lets a member go ahead', async () => {
    mockApi({ '/wps/member/info': memberOfType(0) });
    setSessionToken('B'.repeat(43));
    const onAction = await renderHarness();
    await waitFor(() => expect(window.sessionStorage.getItem('isAgent')).toBe('0'));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(onAction).toHaveBeenCalledOnce();
  });

  it('shows the warning when the server answers TRIAL_ACCOUNT', async () => {
    await renderHarness();
    mockApi({
      '/wps/payments/methods': {
        status: 403,
        body: { success: false, errorCode: 'TRIAL_ACCOUNT', message: 'x' },
      },
    });
    await act(async () => {
      await callApi('paymentMethods').catch(() => undefined);
    });
    expect(await screen.findByText('Please register an account first')).toBeTruthy();
  });

  it('welcomes a first login once, pointing to the deposit', async () => {
    // The welcome waits its turn in the auto-dialog queue; here nothing else is on screen.
    resetAutoDialogs();
    setAutoDialogBlockCheck(() => false);
    mockApi({ '/wps/member/info': memberOfType(0) });
    window.sessionStorage.setItem('firstLogin', '1');
    setSessionToken('C'.repeat(43));
    await renderHarness();
    expect(await screen.findByRole('button', { name: 'Deposit now' })).toBeTruthy();
    expect(window.sessionStorage.getItem('firstLogin')).toBeNull();
  });
});
