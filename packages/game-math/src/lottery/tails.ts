import type { LotteryFormat } from './formats';

/** How many numbers of a format have a tail of `digits` digits in `prizes` (27 two-digit tails for VN_NORTH). */
export function tailsOfSpec(
  format: LotteryFormat,
  digits: number,
  prizes: 'all' | readonly string[],
): number {
  return format.prizes
    .filter((prize) => prize.digits >= digits && (prizes === 'all' || prizes.includes(prize.code)))
    .reduce((sum, prize) => sum + prize.count, 0);
}
