import { formatAmount } from '@app/contract/client';
import { Text, type TextProps } from '@mantine/core';

/** An amount; a profit is signed and coloured (gain teal, loss red). */
export function MoneyText({
  amount,
  profit = false,
  ...props
}: { amount: number; profit?: boolean } & TextProps) {
  const colour = profit && amount !== 0 ? (amount > 0 ? 'teal' : 'red') : undefined;
  return (
    <Text component="span" ff="monospace" size="sm" c={colour} {...props}>
      {`${profit && amount > 0 ? '+' : ''}${formatAmount(amount)}`}
    </Text>
  );
}
