/**
 * Money crosses the API as a number with at most two decimals and lives everywhere else as
 * integer minor units. These are the only places where one becomes the other.
 */
export const MINOR_UNITS_PER_MAJOR = 100n;

export function minorToAmount(amountMinor: bigint): number {
  const whole = amountMinor / MINOR_UNITS_PER_MAJOR;
  const fraction = amountMinor % MINOR_UNITS_PER_MAJOR;
  return Number(whole) + Number(fraction) / Number(MINOR_UNITS_PER_MAJOR);
}

export function amountToMinor(amount: number): bigint {
  if (!Number.isFinite(amount)) throw new RangeError(`amount is not finite: ${amount}`);
  const minor = Math.round(amount * Number(MINOR_UNITS_PER_MAJOR));
  if (Math.abs(minor - amount * Number(MINOR_UNITS_PER_MAJOR)) > 1e-6) {
    throw new RangeError(`amount has more than two decimals: ${amount}`);
  }
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount is too large: ${amount}`);
  return BigInt(minor);
}

/** `1234567.5` -> `1,234,567.50`: two decimals and comma thousands (SPEC §9). */
export function formatAmount(amount: number): string {
  const negative = amount < 0;
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (cents % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
