import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import PhoneCodeFields from './phone-code-fields';

interface Values {
  mobileNum: string;
  smsCode: string;
}

function Harness({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { mobileNum: '', smsCode: '' } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <PhoneCodeFields
        form={form}
        mobileField="mobileNum"
        codeField="smsCode"
        sendCall="smsNoLogin"
        dialingCode="84"
      />
      <button type="submit">Go</button>
    </form>
  );
}

const captchaReply = {
  body: { success: true, value: { captchaId: 'c'.repeat(22), image: 'data:image/png;base64,' } },
};

async function renderFields(onSubmit = vi.fn()) {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback={null}>
        <Harness onSubmit={onSubmit} />
      </Suspense>,
    );
  });
  return onSubmit;
}

describe('PhoneCodeFields', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the number with its dialling code and rule, and requires both fields', async () => {
    mockApi({ '/wps/captcha': captchaReply });
    const onSubmit = await renderFields();
    const mobile = await screen.findByLabelText(/Mobile number/, {}, { timeout: 5000 });
    expect(mobile.getAttribute('autocomplete')).toBe('tel-national');
    expect(screen.getByText('+84')).toBeTruthy();
    // The number's rule is help text before any error, and the error takes its place.
    expect(screen.getByText('6 to 15 digits, without the country code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
    expect(screen.queryByText('6 to 15 digits, without the country code')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a number that is not digits before sending a code', async () => {
    const fetchMock = mockApi({ '/wps/captcha': captchaReply });
    await renderFields();
    fireEvent.change(await screen.findByLabelText(/Mobile number/, {}, { timeout: 5000 }), {
      target: { value: '09x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/phone number/i)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/sms/'))).toEqual([]);
  });

  it('sends the code to the trimmed number with the dialling code', async () => {
    const fetchMock = mockApi({
      '/wps/captcha': captchaReply,
      '/wps/verification/sms/noLogin': { body: { success: true, value: { expiredMinutes: 5 } } },
    });
    const onSubmit = await renderFields();
    fireEvent.change(await screen.findByLabelText(/Mobile number/, {}, { timeout: 5000 }), {
      target: { value: ' 0912345678 ' },
    });
    fireEvent.change(await screen.findByLabelText('Verification code'), {
      target: { value: '1234' },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 300 s' });
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/sms/'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      countryDialingCode: '84',
      mobileNum: '0912345678',
    });
    fireEvent.change(screen.getByLabelText(/SMS code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]?.[0]).toEqual({ mobileNum: ' 0912345678 ', smsCode: '123456' }),
    );
  });
});
