import {
  amountToMinor,
  minorToAmount,
  type PromotionInput,
  type PromotionQualifier,
  type PromotionRewardInput,
  type PromotionWagering,
} from '@app/contract';

/** The reward as stored: amounts in minor units as decimal strings (jsonb has no bigint). */
export type StoredReward =
  | { kind: 'bonus_fixed'; amountMinor: string }
  | { kind: 'bonus_percent'; percentBp: number; capMinor: string; minDepositMinor: string }
  | { kind: 'cash_fixed'; amountMinor: string }
  | { kind: 'raffle'; ticketEveryMinor: string; prizesMinor: string[] }
  | { kind: 'free_spins'; gameCode: string; spins: number; betPerLineMinor: string }
  | { kind: 'points'; points: number };

/** The wagering as stored and as handed to the bonus engine. */
export interface StoredWagering {
  multiple: number;
  base: 'bonus' | 'bonus_plus_deposit';
  categoryWeightsPercent: Record<string, number>;
  maxBetMinor: string | null;
  expiryDays: number;
}

export type StoredQualifier = PromotionQualifier;

const BASIS_POINTS = 10_000n;
/** Wagering multiples keep two decimals (x1.5 is 150 hundredths). */
const MULTIPLE_SCALE = 100;
export const DAY_MS = 24 * 60 * 60 * 1000;

export function storedRewardOf(input: PromotionRewardInput): StoredReward {
  switch (input.kind) {
    case 'bonus_fixed':
    case 'cash_fixed':
      return { kind: input.kind, amountMinor: amountToMinor(input.amount).toString() };
    case 'bonus_percent':
      return {
        kind: 'bonus_percent',
        percentBp: input.percentBp,
        capMinor: amountToMinor(input.capAmount).toString(),
        minDepositMinor: amountToMinor(input.minDepositAmount).toString(),
      };
    case 'raffle':
      return {
        kind: 'raffle',
        ticketEveryMinor: amountToMinor(input.ticketEveryAmount).toString(),
        prizesMinor: input.prizes.map((prize) => amountToMinor(prize).toString()),
      };
    case 'free_spins':
      return {
        kind: 'free_spins',
        gameCode: input.gameCode,
        spins: input.spins,
        betPerLineMinor: amountToMinor(input.betPerLine).toString(),
      };
    case 'points':
      return { kind: 'points', points: input.points };
  }
}

export function rewardInputOf(reward: StoredReward, drawAtMs: number | null): PromotionRewardInput {
  switch (reward.kind) {
    case 'bonus_fixed':
    case 'cash_fixed':
      return { kind: reward.kind, amount: minorToAmount(BigInt(reward.amountMinor)) };
    case 'bonus_percent':
      return {
        kind: 'bonus_percent',
        percentBp: reward.percentBp,
        capAmount: minorToAmount(BigInt(reward.capMinor)),
        minDepositAmount: minorToAmount(BigInt(reward.minDepositMinor)),
      };
    case 'raffle':
      return {
        kind: 'raffle',
        ticketEveryAmount: minorToAmount(BigInt(reward.ticketEveryMinor)),
        prizes: reward.prizesMinor.map((prize) => minorToAmount(BigInt(prize))),
        drawAtMs: drawAtMs ?? 0,
      };
    case 'free_spins':
      return {
        kind: 'free_spins',
        gameCode: reward.gameCode,
        spins: reward.spins,
        betPerLine: minorToAmount(BigInt(reward.betPerLineMinor)),
      };
    case 'points':
      return { kind: 'points', points: reward.points };
  }
}

export function storedWageringOf(input: PromotionWagering): StoredWagering {
  return {
    multiple: input.multiple,
    base: input.base,
    categoryWeightsPercent: input.categoryWeightsPercent,
    maxBetMinor: input.maxBetAmount === null ? null : amountToMinor(input.maxBetAmount).toString(),
    expiryDays: input.expiryDays,
  };
}

export function wageringInputOf(wagering: StoredWagering): PromotionWagering {
  return {
    multiple: wagering.multiple,
    base: wagering.base,
    categoryWeightsPercent: wagering.categoryWeightsPercent,
    maxBetAmount:
      wagering.maxBetMinor === null ? null : minorToAmount(BigInt(wagering.maxBetMinor)),
    expiryDays: wagering.expiryDays,
  };
}

/** Whether the reward is bonus money (granted through the bonus engine with its wagering). */
export function isBonusReward(reward: StoredReward): boolean {
  return reward.kind === 'bonus_fixed' || reward.kind === 'bonus_percent';
}

/**
 * The reward of one qualifying step in minor units: a fixed amount, or a percent of the deposit
 * up to the cap (0 below the minimum deposit). Exact integer arithmetic, rounded down.
 */
export function rewardMinorOf(reward: StoredReward, depositMinor: bigint | null): bigint {
  switch (reward.kind) {
    case 'bonus_fixed':
    case 'cash_fixed':
      return BigInt(reward.amountMinor);
    case 'bonus_percent': {
      if (depositMinor === null || depositMinor < BigInt(reward.minDepositMinor)) return 0n;
      const percentMinor = (depositMinor * BigInt(reward.percentBp)) / BASIS_POINTS;
      const capMinor = BigInt(reward.capMinor);
      return percentMinor < capMinor ? percentMinor : capMinor;
    }
    case 'raffle':
    case 'free_spins':
    case 'points':
      return 0n;
  }
}

/** The turnover a bonus needs: the multiple of the bonus, or of the bonus plus the deposit. */
export function requirementMinorOf(
  wagering: StoredWagering,
  bonusMinor: bigint,
  depositMinor: bigint | null,
): bigint {
  const base =
    wagering.base === 'bonus_plus_deposit' ? bonusMinor + (depositMinor ?? 0n) : bonusMinor;
  const scaled = BigInt(Math.round(wagering.multiple * MULTIPLE_SCALE));
  return (base * scaled) / BigInt(MULTIPLE_SCALE);
}

/** Why a promotion's rules do not hold together, or null. */
export function promotionProblem(input: PromotionInput): string | null {
  if (input.endsAtMs <= input.startsAtMs) return 'endsAtMs';
  if (Object.keys(input.texts).length === 0) return 'texts';
  const isRaffle = input.reward.kind === 'raffle';
  if (isRaffle !== (input.category === 'raffle')) return 'reward';
  if (input.reward.kind === 'raffle') {
    if (input.reward.drawAtMs < input.endsAtMs) return 'reward.drawAtMs';
    if (input.takeMode !== 'join' && input.takeMode !== 'auto') return 'takeMode';
  }
  if (
    input.reward.kind === 'bonus_percent' &&
    input.takeMode !== 'join' &&
    input.takeMode !== 'auto'
  ) {
    // A percent of a deposit needs the deposit: only join or automatic promotions see one.
    return 'takeMode';
  }
  if (
    input.takeMode === 'auto' &&
    input.qualifier.depositNth === null &&
    input.reward.kind !== 'raffle'
  ) {
    return 'qualifier.depositNth';
  }
  return null;
}
