import type { RandomSource } from '../fair/random-source';
import { plinkoMultiplierTables } from './plinko-tables';

/**
 * Plinko (docs/games-inhouse.md): the ball falls through `rows` rows of pegs, going left or
 * right at each one on a float of the fair stream; the bucket is the number of rights, and pays
 * the multiplier of the (rows, risk) table.
 */

export const PLINKO_GAME_CODE = 'inh-plinko';
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const plinkoRisks = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof plinkoRisks)[number];
/** Table multipliers are whole hundredths. */
export const PLINKO_MULTIPLIER_SCALE = 100;
/** A float below one half turns the ball left, otherwise right. */
const RIGHT_AT_OR_ABOVE = 0.5;

export interface PlinkoBet {
  rows: number;
  risk: PlinkoRisk;
}

export function isPlinkoBetAllowed({ rows, risk }: PlinkoBet): boolean {
  return (
    Number.isInteger(rows) &&
    rows >= PLINKO_MIN_ROWS &&
    rows <= PLINKO_MAX_ROWS &&
    plinkoRisks.includes(risk)
  );
}

/** The bucket multipliers of a bet, in hundredths, left to right (rows + 1 of them). */
export function plinkoTable({ rows, risk }: PlinkoBet): readonly number[] {
  const table = (plinkoMultiplierTables[risk] as Record<number, readonly number[]>)[rows];
  if (!table) throw new Error('plinko rows or risk outside the tables');
  return table;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return Math.round(result);
}

/** Chance of each bucket: C(rows, k) / 2^rows. */
export function plinkoBucketChances(rows: number): number[] {
  return Array.from({ length: rows + 1 }, (_, k) => binomial(rows, k) / 2 ** rows);
}

/**
 * The exact return of a table as a fraction of whole numbers: sum C(rows, k) x m_k over
 * 2^rows x 100 (the numbers stay far below 2^53).
 */
export function plinkoExactRtp(bet: PlinkoBet): { num: number; den: number; value: number } {
  const table = plinkoTable(bet);
  const num = table.reduce((sum, m, k) => sum + binomial(bet.rows, k) * m, 0);
  const den = 2 ** bet.rows * PLINKO_MULTIPLIER_SCALE;
  return { num, den, value: num / den };
}

export interface PlinkoOutcome {
  /** One step per row: 0 left, 1 right. */
  path: number[];
  /** Number of rights, 0..rows. */
  bucket: number;
  /** Hundredths. */
  multiplierHundredths: number;
}

export function dropPlinko(source: RandomSource, bet: PlinkoBet): PlinkoOutcome {
  if (!isPlinkoBetAllowed(bet)) throw new Error('plinko rows or risk outside the allowed range');
  const path = Array.from({ length: bet.rows }, () => (source.next() < RIGHT_AT_OR_ABOVE ? 0 : 1));
  const bucket = path.reduce((sum: number, step) => sum + step, 0);
  return { path, bucket, multiplierHundredths: plinkoTable(bet)[bucket] as number };
}

/** Payout in minor units, rounded down: stake x multiplier. */
export function plinkoPayoutMinor(stakeMinor: bigint, multiplierHundredths: number): bigint {
  return (stakeMinor * BigInt(multiplierHundredths)) / BigInt(PLINKO_MULTIPLIER_SCALE);
}
