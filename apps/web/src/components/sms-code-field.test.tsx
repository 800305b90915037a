import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSmsTexts } from '../lib/sms-texts';
import { mockApi, renderWithProviders } from '../test/render';
import SmsCodeField, { type SmsCodeFieldProps } from './sms-code-field';

type PhoneCheck = SmsCodeFieldProps['phone'];

const validPhone: PhoneCheck = async () => ({ countryDialingCode: '84', mobileNum: '912345678' });

function Harness({ phone }: { phone: PhoneCheck }) {
  useSmsTexts();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  return <SmsCodeField call="smsRegister" phone={phone} codeInputProps={form.register('code')} />;
}

/** Rendered inside an awaited act, so that the lazy texts and field resolve. */
async function renderField(phone: PhoneCheck = validPhone) {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback={null}>
        <Harness phone={phone} />
      </Suspense>,
    );
  });
}

const smsCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/sms/'));

const captchaReply = {
  body: { success: true, value: { captchaId: 'c'.repeat(22), image: 'data:image/png;base64,' } },
};

describe('SmsCodeField', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends with the captcha, then counts down expiredMinutes × 60 seconds', async () => {
    const fetchMock = mockApi({
      '/wps/captcha': captchaReply,
      '/wps/verification/sms/register': { body: { success: true, value: { expiredMinutes: 5 } } },
    });
    await renderField();
    fireEvent.change(await screen.findByLabelText('Verification code', {}, { timeout: 5000 }), {
      target: { value: '1234' },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const countdown = await screen.findByRole('button', { name: 'Resend in 300 s' });
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/sms/register'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      countryDialingCode: '84',
      mobileNum: '912345678',
      captcha: '1234',
      captchaId: 'c'.repeat(22),
    });
  });

  it('sends nothing while the number is not valid', async () => {
    const fetchMock = mockApi({ '/wps/captcha': captchaReply });
    const invalidPhone = vi.fn<PhoneCheck>(async () => null);
    await renderField(invalidPhone);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }, { timeout: 5000 }));
    await waitFor(() => expect(invalidPhone).toHaveBeenCalledTimes(1));
    // The click's handler ends right after the number check: let its promise settle.
    await act(async () => {
      await invalidPhone.mock.results[0]?.value;
    });
    expect(smsCalls(fetchMock)).toEqual([]);
  });

  it('sends nothing while the captcha is empty, and says it is required', async () => {
    const fetchMock = mockApi({ '/wps/captcha': captchaReply });
    await renderField();
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }, { timeout: 5000 }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(smsCalls(fetchMock)).toEqual([]);
  });

  it('shows the server message when the send is refused', async () => {
    mockApi({
      '/wps/captcha': captchaReply,
      '/wps/verification/sms/register': {
        status: 429,
        body: {
          success: false,
          errorCode: 'RATE_LIMITED',
          message: 'x',
          details: { retryAfterSeconds: 42 },
        },
      },
    });
    await renderField();
    fireEvent.change(await screen.findByLabelText('Verification code', {}, { timeout: 5000 }), {
      target: { value: '1234' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
