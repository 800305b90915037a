import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSmsTexts } from '../lib/sms-texts';
import { mockApi, renderWithProviders } from '../test/render';
import SmsCodeField from './sms-code-field';

function Harness({ phoneValid }: { phoneValid: boolean }) {
  useSmsTexts();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  return (
    <SmsCodeField
      call="smsRegister"
      phone={async () => (phoneValid ? { countryDialingCode: '84', mobileNum: '912345678' } : null)}
      codeInputProps={form.register('code')}
    />
  );
}

/** Rendered inside an awaited act, so that the lazy texts and field resolve. */
async function renderField(phoneValid = true) {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback={null}>
        <Harness phoneValid={phoneValid} />
      </Suspense>,
    );
  });
}

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

  it('sends nothing while the number or the captcha is missing', async () => {
    const fetchMock = mockApi({ '/wps/captcha': captchaReply });
    await renderField(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }, { timeout: 5000 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/sms/'))).toBe(false);
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
