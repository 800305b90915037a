import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import TransferUplinePage from './transfer-upline-page';

const info = {
  uplineAccountMasked: 'ag***01',
  currency: 'VND',
  minAmount: 10_000,
  maxAmount: 50_000_000,
  dailyMaxAmount: 200_000_000,
};

/** Answers the GET with the upline and the POST with a transfer; records the POST. */
function mockTransferApi() {
  const posts: { body: unknown; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        const value = {
          transferId: 't-1',
          direction: 'upline',
          counterpartAccount: 'ag***01',
          amount: 25_000,
          currency: 'VND',
          createdAt: '2026-11-22T00:00:00.000Z',
        };
        return Response.json({ success: true, value });
      }
      return Response.json({ success: true, value: info });
    }),
  );
  return posts;
}

describe('TransferUplinePage', () => {
  it('shows the masked upline and sends the amount with the payment password and a key', async () => {
    const posts = mockTransferApi();
    const onTransferred = vi.fn();
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <TransferUplinePage onTransferred={onTransferred} />
        </Suspense>,
      );
    });
    expect(await screen.findByDisplayValue('ag***01', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please enter your payment password')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Amount', { exact: false }), {
      target: { value: '25000' },
    });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(onTransferred).toHaveBeenCalled());
    expect(posts[0]?.body).toEqual({ amount: 25_000, paymentPassword: '123456' });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('25,000.00 VND transferred to ag***01.')).toBeTruthy();
  });

  it('says so when the member has no upline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ success: true, value: { ...info, uplineAccountMasked: null } }),
      ),
    );
    await act(async () => {
      renderWithProviders(<TransferUplinePage />);
    });
    expect(
      await screen.findByText('You have no upline to transfer to.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
