import { NumberInput, type NumberInputProps, PasswordInput } from '@mantine/core';

/** What Mantine's NumberInput holds: a number, or the text while it is not one yet. */
export type AmountValue = number | string;

/** A money amount as the API takes it: at most two decimals, grouped thousands, never negative. */
export function AmountInput(props: Omit<NumberInputProps, 'decimalScale' | 'thousandSeparator'>) {
  return <NumberInput decimalScale={2} thousandSeparator="," allowNegative={false} {...props} />;
}

export interface AmountPasswordFieldsProps {
  amountLabel: string;
  /** Limits or other help under the amount. */
  amountDescription?: string | undefined;
  amount: AmountValue;
  onAmountChange: (amount: AmountValue) => void;
  amountError?: string | undefined;
  passwordLabel: string;
  password: string;
  onPasswordChange: (password: string) => void;
  passwordError?: string | undefined;
}

/**
 * The amount and the payment password that authorise a money step (withdrawal, transfer to the
 * upline or to a downline). The browser never fills the payment password in: it is not the
 * login password it may have saved.
 */
export function AmountPasswordFields(props: AmountPasswordFieldsProps) {
  return (
    <>
      <AmountInput
        label={props.amountLabel}
        description={props.amountDescription}
        value={props.amount}
        onChange={props.onAmountChange}
        error={props.amountError}
      />
      <PasswordInput
        label={props.passwordLabel}
        value={props.password}
        autoComplete="off"
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        error={props.passwordError}
      />
    </>
  );
}
