import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AmountPasswordFields, type AmountValue } from './amount-password-fields';

function Harness(props: {
  onAmount: (amount: AmountValue) => void;
  onPassword: (password: string) => void;
  passwordError?: string;
}) {
  const [amount, setAmount] = useState<AmountValue>('');
  const [password, setPassword] = useState('');
  return (
    <AmountPasswordFields
      amountLabel="Amount"
      amountDescription="From 100 to 5,000"
      amount={amount}
      onAmountChange={(next) => {
        setAmount(next);
        props.onAmount(next);
      }}
      passwordLabel="Payment password"
      password={password}
      onPasswordChange={(next) => {
        setPassword(next);
        props.onPassword(next);
      }}
      passwordError={props.passwordError}
    />
  );
}

describe('AmountPasswordFields', () => {
  it('reports the amount as a number and the password as typed', () => {
    const onAmount = vi.fn();
    const onPassword = vi.fn();
    renderWithProviders(<Harness onAmount={onAmount} onPassword={onPassword} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1234.5' } });
    expect(onAmount).toHaveBeenLastCalledWith(1234.5);
    expect(screen.getByText('From 100 to 5,000')).toBeTruthy();
    const password = screen.getByLabelText('Payment password');
    fireEvent.change(password, { target: { value: 'secret1' } });
    expect(onPassword).toHaveBeenLastCalledWith('secret1');
  });

  it('keeps the payment password out of the browser autofill and shows its error', () => {
    renderWithProviders(
      <Harness onAmount={vi.fn()} onPassword={vi.fn()} passwordError="Enter the password" />,
    );
    const password = screen.getByLabelText('Payment password');
    expect(password.getAttribute('autocomplete')).toBe('off');
    expect(password.getAttribute('type')).toBe('password');
    expect(screen.getByText('Enter the password')).toBeTruthy();
  });

  it('refuses negative amounts and more than two decimals', () => {
    const onAmount = vi.fn();
    renderWithProviders(<Harness onAmount={onAmount} onPassword={vi.fn()} />);
    const amount = screen.getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '-5' } });
    expect(onAmount).not.toHaveBeenCalledWith(-5);
    fireEvent.change(amount, { target: { value: '10.129' } });
    expect(onAmount).not.toHaveBeenCalledWith(10.129);
  });
});
