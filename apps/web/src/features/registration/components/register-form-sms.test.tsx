import { registerFieldNames } from '@app/contract/client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

const rule = (enabled: boolean, patternId: number, minLength: number, maxLength: number) => ({
  enabled,
  required: enabled,
  patternId,
  acceptedPattern: '',
  minLength,
  maxLength,
});

function settings() {
  return {
    ...Object.fromEntries(registerFieldNames.map((name) => [name, rule(false, 0, 0, 255)])),
    username: rule(true, 1, 6, 16),
    password: rule(true, 5, 6, 20),
    // Off as a field: the SMS switch still asks for the number.
    mobileNum: rule(false, 6, 9, 11),
  };
}

const status = {
  whiteLabel: { smsVerification: true, mobileRegistration: false },
  merchant: { smsDialingCodes: ['84'] },
};

describe('RegisterForm with the SMS code on username registration', () => {
  it('asks for the mobile number and its SMS code, and sends them with the registration', async () => {
    const fetchMock = mockApi({
      '/wps/system/setting/register': { body: { success: true, value: settings() } },
      '/wps/system/status': { body: { success: true, value: status } },
      '/wps/member/register': {
        body: { success: true, value: { account: 'player1', session: null } },
      },
    });
    const onRegistered = vi.fn();
    renderWithProviders(
      <RegisterForm mode="page" onSession={vi.fn()} onRegistered={onRegistered} />,
    );
    const mobile = await screen.findByRole('textbox', { name: 'Mobile number' });
    expect(
      document.querySelector(`label[for="${mobile.id}"]`)?.hasAttribute('data-required-star'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), {
      target: { value: 'player1' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), {
      target: { value: 'secret123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);

    fireEvent.change(mobile, { target: { value: '912345678' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'SMS code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/wps/member/register'),
    );
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      username: 'player1',
      countryDialingCode: '84',
      mobileNum: '912345678',
      verificationCode: '123456',
      registerMethod: 'WEB',
    });
  });
});
