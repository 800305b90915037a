import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import ForgotPasswordModal from './forgot-password-modal';

async function renderModal(
  props: { dialingCode?: string; onClose?: () => void; onContactService?: () => void } = {},
) {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback={null}>
        <ForgotPasswordModal
          opened
          onClose={props.onClose ?? (() => {})}
          dialingCode={props.dialingCode}
          onLoggedIn={() => {}}
          onContactService={props.onContactService}
        />
      </Suspense>,
    );
  });
}

describe('ForgotPasswordModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the e-mail tab, and the mobile tab only with phone verification', async () => {
    await renderModal();
    expect(await screen.findByRole('tab', { name: 'E-mail' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Mobile' })).toBeNull();
  });

  it('requires both fields and checks the e-mail before sending', async () => {
    const fetchMock = mockApi({});
    await renderModal({ dialingCode: '84' });
    expect(await screen.findByRole('tab', { name: 'Mobile' }, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: /^Username/ }), {
      target: { value: 'player1' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('Please enter a valid email address of 5-100 characters'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/password/email'))).toBe(
      false,
    );
  });

  it('sends username and e-mail, then shows the confirmation and closes', async () => {
    const fetchMock = mockApi({
      '/wps/member/password/email': { body: { success: true, value: null } },
    });
    const onClose = vi.fn();
    await renderModal({ onClose });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Username/ }, { timeout: 5000 }), {
      target: { value: ' player1 ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'player1@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(/If this account has this e-mail address/);
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/password/email'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      username: 'player1',
      email: 'player1@example.com',
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says what to do without an e-mail and leads to customer service (issue 22 item 3)', async () => {
    mockApi({ '/wps/member/password/email': { body: { success: true, value: null } } });
    const onContactService = vi.fn();
    await renderModal({ onContactService });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Username/ }, { timeout: 5000 }), {
      target: { value: 'player1' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), {
      target: { value: 'player1@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText(/No e-mail on the account, or nothing arrives\?/);
    fireEvent.click(screen.getByRole('button', { name: 'Contact customer service' }));
    expect(onContactService).toHaveBeenCalled();
  });
});
