import { type GameCategory, gameCategories } from '@app/contract';

/**
 * How much of a valid bet counts toward wagering, in percent, by game category, when neither
 * the grant nor the merchant's settings say otherwise. Slots and fishing (RNG, FISH) count in
 * full; in-house games (Dice, Mines, Plinko) and live tables, whose low house edge makes them
 * the cheap way to wager, count 10 %; sports 50 %; player-versus-player and lotteries 10 %.
 */
export const DEFAULT_CATEGORY_WEIGHTS_PERCENT: Readonly<Record<GameCategory, number>> = {
  ELOTT: 10,
  LOTT: 10,
  LIVE: 10,
  SPORTS: 50,
  FISH: 100,
  RNG: 100,
  PVP: 10,
  ESPORTS: 50,
  INHOUSE: 10,
};

export const WEIGHT_PERCENT_MAX = 100;

/** Whole percents from 0 to 100: anything else is a caller's mistake. */
export function isValidWeight(value: unknown): value is number {
  return (
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= WEIGHT_PERCENT_MAX
  );
}

/** The weights a bonus keeps: the grant's over the merchant's over the defaults, every category. */
export function resolveWeights(
  merchantWeights: Partial<Record<string, number>> | undefined,
  grantWeights: Partial<Record<string, number>> | undefined,
): Record<GameCategory, number> {
  const resolved = { ...DEFAULT_CATEGORY_WEIGHTS_PERCENT };
  for (const category of gameCategories) {
    const value = grantWeights?.[category] ?? merchantWeights?.[category];
    if (value !== undefined) resolved[category] = value;
  }
  return resolved;
}

/** What a valid bet adds to a bonus's progress: its weighted part, rounded down per bet. */
export function weightedMinor(validBetMinor: bigint, weightPercent: number): bigint {
  if (validBetMinor <= 0n) return 0n;
  return (validBetMinor * BigInt(weightPercent)) / 100n;
}
