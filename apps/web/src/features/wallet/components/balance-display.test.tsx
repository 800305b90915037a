import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { BalanceDisplay } from './balance-display';

describe('BalanceDisplay', () => {
  it('shows the balance with two decimals, and *** once hidden', async () => {
    mockApi({
      '/wps/v2/wallets/balance': {
        body: { success: true, value: { sumBalance: 0, currency: 'VND' } },
      },
    });
    renderWithProviders(<BalanceDisplay />);

    expect(await screen.findByText('0.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));

    expect(screen.getByText('***')).toBeTruthy();
    expect(screen.queryByText('0.00')).toBeNull();
    expect(window.localStorage.getItem('balanceHidden')).toBe('1');
    expect(screen.getByRole('button', { name: 'Show balance' })).toBeTruthy();
  });
});
