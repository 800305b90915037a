import { formatAmount } from '@app/contract/client';

/** Decimals a multiplier may show (they are whole ten-thousandths). */
const MULTIPLIER_MAX_DECIMALS = 4;
const MULTIPLIER_MIN_DECIMALS = 2;

/** 1.98 -> "1.98×", 99.099 -> "99.099×", 5 -> "5.00×". */
export function formatMultiplier(multiplier: number): string {
  const text = multiplier.toFixed(MULTIPLIER_MAX_DECIMALS);
  const [whole, fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(MULTIPLIER_MIN_DECIMALS, '0');
  return `${whole}.${trimmed}×`;
}

/** A payout as the server computes it: stake x multiplier, rounded down to the cent. */
export function payoutOf(stake: number, multiplier: number): number {
  return Math.floor(Math.round(stake * 100) * multiplier + 1e-9) / 100;
}

export function formatMoney(amount: number, currency: string): string {
  return `${formatAmount(amount)} ${currency}`;
}

/** A chance (0..1) as a percent with up to 4 decimals: 0.495 -> "49.5 %". */
export function formatChance(chance: number): string {
  return `${Number((chance * 100).toFixed(4))} %`;
}
