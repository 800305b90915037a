import {
  amountToMinor,
  LOTTERY_BET_POINTS_MAX,
  LOTTERY_SLIP_BETS_MAX,
  type LotteryBetRequest,
  minorToAmount,
} from '@app/contract/client';

/** How a bet type is picked, as the slip needs it (derived from the maths package's rule). */
export interface SlipRule {
  /** `numbers`: digit strings of `digits` length; `options`: named choices (BIG, ODD, 7...). */
  kind: 'numbers' | 'options';
  digits: number;
  options: readonly string[];
  /** Numbers one bet holds: 1 (lô, đề), k (xiên k, lô trượt of k numbers). */
  perBet: number;
  /** Positions to choose from (DIGIT5 position bets); 0: the bet has no position. */
  positions: number;
}

export interface SlipInput {
  betType: string;
  rule: SlipRule;
  selection: readonly string[];
  position: number | null;
  /** Major units as typed (at most two decimals). */
  amountPerPoint: number;
  points: number;
}

export type SlipProblem =
  | 'pick_more'
  | 'choose_position'
  | 'amount_invalid'
  | 'points_invalid'
  | 'too_many_bets'
  | 'stake_too_small'
  | 'stake_too_large';

/** The k-element combinations of `items`, in order; stops once `limit` are made. */
export function combinations<T>(items: readonly T[], k: number, limit: number): T[][] {
  const result: T[][] = [];
  const chosen: T[] = [];
  const walk = (start: number) => {
    if (result.length >= limit) return;
    if (chosen.length === k) {
      result.push([...chosen]);
      return;
    }
    for (let index = start; index <= items.length - (k - chosen.length); index += 1) {
      chosen.push(items[index] as T);
      walk(index + 1);
      chosen.pop();
      if (result.length >= limit) return;
    }
  };
  if (k > 0 && k <= items.length) walk(0);
  return result;
}

/** n choose k, exactly (small n: a slip holds at most 100 numbers). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let index = 1; index <= Math.min(k, n - k); index += 1) {
    result = (result * (n - index + 1)) / index;
  }
  return Math.round(result);
}

/** How many bets a selection makes: one per number, or one per combination of `perBet`. */
export const betCountOf = (rule: SlipRule, selected: number): number =>
  rule.perBet <= 1 ? selected : choose(selected, rule.perBet);

function amountMinorOf(amount: number): bigint | null {
  if (!(amount > 0)) return null;
  try {
    return amountToMinor(amount);
  } catch {
    return null;
  }
}

export interface SlipSummary {
  bets: LotteryBetRequest[];
  betCount: number;
  /** Sum of amount per point × points over the bets, in major units (exact, via minor units). */
  totalAmount: number;
  problems: SlipProblem[];
}

/**
 * The bets a slip places and their total, shown before confirming; `problems` lists what
 * stops it (the server checks the same and more: limits per number, the draw's state).
 */
export function summarizeSlip(
  input: SlipInput,
  stakeLimits: { minStakePerBet: number; maxStakePerBet: number },
): SlipSummary {
  const problems: SlipProblem[] = [];
  const { rule } = input;
  const perBet = Math.max(1, rule.perBet);
  if (input.selection.length < perBet) problems.push('pick_more');
  if (rule.positions > 0 && input.position === null) problems.push('choose_position');
  const amountMinor = amountMinorOf(input.amountPerPoint);
  if (amountMinor === null) problems.push('amount_invalid');
  const pointsValid =
    Number.isInteger(input.points) && input.points >= 1 && input.points <= LOTTERY_BET_POINTS_MAX;
  if (!pointsValid) problems.push('points_invalid');

  const betCount = betCountOf(rule, input.selection.length);
  if (betCount > LOTTERY_SLIP_BETS_MAX) problems.push('too_many_bets');
  if (amountMinor !== null && pointsValid) {
    const stake = minorToAmount(amountMinor * BigInt(input.points));
    if (stake < stakeLimits.minStakePerBet) problems.push('stake_too_small');
    if (stake > stakeLimits.maxStakePerBet) problems.push('stake_too_large');
  }

  const groups =
    perBet === 1
      ? input.selection.map((number) => [number])
      : combinations(input.selection, perBet, LOTTERY_SLIP_BETS_MAX);
  const position = rule.positions > 0 && input.position !== null ? input.position : undefined;
  const bets: LotteryBetRequest[] =
    problems.length > 0
      ? []
      : groups.map((numbers) => ({
          betType: input.betType,
          numbers,
          ...(position === undefined ? {} : { position }),
          amountPerPoint: input.amountPerPoint,
          points: input.points,
        }));
  const totalMinor =
    amountMinor !== null && pointsValid
      ? amountMinor * BigInt(input.points) * BigInt(betCount)
      : 0n;
  return { bets, betCount, totalAmount: minorToAmount(totalMinor), problems };
}
