import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { useSmsTexts } from '../lib/sms-texts';
import { theme } from '../lib/theme';
import SmsCodeField from './sms-code-field';

const puzzle = {
  challengeId: 'p'.repeat(22),
  backgroundImage: 'data:image/png;base64,',
  pieceImage: 'data:image/png;base64,',
  pieceY: 40,
  widthPx: 320,
  heightPx: 160,
  pieceSizePx: 48,
  expiresInSeconds: 120,
};

function reply(value: unknown) {
  return new Response(JSON.stringify({ success: true, value }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

function Harness() {
  useSmsTexts();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  return (
    <SmsCodeField
      call="smsRegister"
      phone={async () => ({ countryDialingCode: '84', mobileNum: '912345678' })}
      codeInputProps={form.register('code')}
    />
  );
}

describe('SMS send with the merchant’s slider on', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows no captcha, asks for the puzzle, and sends its token with the number', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/wps/verification/slider') {
        return init?.method === 'POST'
          ? reply({ challengeToken: 't'.repeat(43), expiresInSeconds: 120 })
          : reply(puzzle);
      }
      if (path === '/wps/verification/sms/register') return reply({ expiredMinutes: 5 });
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // What the shell loaded: the merchant uses the slider.
    queryClient.setQueryData(['system', 'status'], { whiteLabel: { sliderVerification: true } });
    await act(async () => {
      render(
        <MantineProvider theme={theme} env="test">
          <QueryClientProvider client={queryClient}>
            <I18nextProvider i18n={i18n}>
              <Suspense fallback={null}>
                <Harness />
              </Suspense>
            </I18nextProvider>
          </QueryClientProvider>
        </MantineProvider>,
      );
    });

    const send = await screen.findByRole('button', { name: 'Send code' }, { timeout: 5000 });
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    fireEvent.click(send);
    const handle = await screen.findByRole('slider', {}, { timeout: 5000 });
    await screen.findByAltText('Puzzle picture');
    fireEvent.pointerDown(handle, { pointerId: 1, clientX: 10, clientY: 10 });
    for (const x of [15, 30, 60, 90, 110, 118, 120]) {
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: x, clientY: 11 });
    }
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 120, clientY: 11 });

    await screen.findByRole('button', { name: 'Resend in 300 s' }, { timeout: 5000 });
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('/sms/register'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      countryDialingCode: '84',
      mobileNum: '912345678',
      challengeToken: 't'.repeat(43),
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/wps/captcha'))).toBe(false);
  });
});
