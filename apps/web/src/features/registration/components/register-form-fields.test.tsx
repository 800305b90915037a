import { registerFieldNames } from '@app/contract/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

const offRule = {
  enabled: false,
  required: false,
  patternId: 0,
  acceptedPattern: '',
  minLength: 0,
  maxLength: 255,
};
const on = (patternId: number, minLength: number, maxLength: number, required = true) => ({
  ...offRule,
  enabled: true,
  required,
  patternId,
  minLength,
  maxLength,
});

function settings() {
  return {
    ...Object.fromEntries(registerFieldNames.map((name) => [name, offRule])),
    username: on(1, 6, 16),
    password: on(5, 6, 20),
    email: on(3, 5, 100),
    zalo: on(21, 6, 16),
    wechat: on(9, 2, 50, false),
    affiliateCode: on(4, 4, 20, false),
  };
}

const invalidCode = {
  status: 400,
  body: { success: false, errorCode: 'AFFILIATE_CODE_INVALID', message: 'Invitation code error' },
};
const validCode = { body: { success: true, value: { valid: true, code: 'DEMO2026' } } };

function renderForm(affiliate: { status?: number; body: unknown }) {
  const fetchMock = mockApi({
    '/wps/system/setting/register': { body: { success: true, value: settings() } },
    '/wps/agent/affiliate': affiliate,
  });
  renderWithProviders(<RegisterForm mode="page" onSession={vi.fn()} onRegistered={vi.fn()} />);
  return fetchMock;
}

function calledPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('RegisterForm optional fields', () => {
  it('shows only enabled fields, stars the required ones, and words Zalo errors for the bonus', async () => {
    renderForm(validCode);
    const email = await screen.findByRole('textbox', { name: 'Email' });
    const wechat = screen.getByRole('textbox', { name: 'WeChat' });
    expect(
      document.querySelector(`label[for="${email.id}"]`)?.hasAttribute('data-required-star'),
    ).toBe(true);
    expect(
      document.querySelector(`label[for="${wechat.id}"]`)?.hasAttribute('data-required-star'),
    ).toBe(false);
    expect(screen.queryByRole('textbox', { name: 'QQ' })).toBeNull();

    const zalo = screen.getByRole('textbox', { name: 'Zalo' });
    fireEvent.change(zalo, { target: { value: 'zalo me' } });
    fireEvent.blur(zalo);
    expect(
      await screen.findByText(
        'Please enter your Zalo number ID to redeem the bonus. Please enter a phone number of 6-16 digits',
      ),
    ).toBeTruthy();
  });

  it('hides the affiliate field when the code in the URL is valid', async () => {
    window.history.replaceState(null, '', '/register?affiliateCode=DEMO2026&referralCode=FRIEND');
    const fetchMock = renderForm(validCode);
    expect(await screen.findByRole('textbox', { name: 'Referral code' })).toHaveProperty(
      'value',
      'FRIEND',
    );
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('/wps/agent/affiliate'));
    expect(screen.queryByRole('textbox', { name: 'Invitation code' })).toBeNull();
  });

  it('shows an invalid URL code filled in, and the invitation code error on submit', async () => {
    window.history.replaceState(null, '', '/register?code=NOPE2026');
    renderForm(invalidCode);
    const field = await screen.findByRole('textbox', { name: 'Invitation code' });
    expect(field).toHaveProperty('value', 'NOPE2026');

    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), {
      target: { value: 'player1' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'secret123' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'player@example.com' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Zalo' }), {
      target: { value: '0912345678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Invitation code error')).toBeTruthy();
  });
});
