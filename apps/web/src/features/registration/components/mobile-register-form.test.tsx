import { registerFieldNames } from '@app/contract/client';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import MobileRegisterForm from './mobile-register-form';

const rule = (
  enabled: boolean,
  required: boolean,
  patternId: number,
  min: number,
  max: number,
) => ({
  enabled,
  required,
  patternId,
  acceptedPattern: '',
  minLength: min,
  maxLength: max,
});

function settings() {
  return {
    ...Object.fromEntries(registerFieldNames.map((name) => [name, rule(false, false, 0, 0, 255)])),
    password: rule(true, true, 5, 6, 20),
    mobileNum: rule(true, true, 6, 9, 11),
    idNumber: rule(true, true, 4, 6, 20),
    whatsapp: rule(true, false, 21, 6, 16),
    affiliateCode: rule(true, false, 4, 4, 20),
  } as Parameters<typeof MobileRegisterForm>[0]['settings'];
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('MobileRegisterForm optional fields', () => {
  it('shows the enabled fields once (the number is its own), hides a valid URL code, and words WhatsApp errors for the bonus', async () => {
    window.history.replaceState(null, '', '/register?affiliateCode=DEMO2026');
    const fetchMock = mockApi({
      '/wps/agent/affiliate': { body: { success: true, value: { valid: true, code: 'DEMO2026' } } },
    });
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <MobileRegisterForm
            mode="page"
            settings={settings()}
            dialingCode="84"
            onSession={vi.fn()}
            onRegistered={vi.fn()}
          />
        </Suspense>,
      );
    });
    await screen.findByRole('textbox', { name: 'ID number' });
    expect(screen.getAllByRole('textbox', { name: 'Mobile number' })).toHaveLength(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('textbox', { name: 'Invitation code' })).toBeNull();

    const whatsapp = screen.getByRole('textbox', { name: 'WhatsApp' });
    fireEvent.change(whatsapp, { target: { value: 'wa me' } });
    fireEvent.blur(whatsapp);
    expect(
      await screen.findByText(
        'Please enter your WhatsApp number ID to redeem the bonus. Please enter a phone number of 6-16 digits',
      ),
    ).toBeTruthy();
  });
});
