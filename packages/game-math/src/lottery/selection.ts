import { type BetType, MAX_COMBINATIONS_PER_BET } from './bet-types';

/**
 * What a player chose for one bet line: the picks (digit strings or option codes) and, for
 * DIGIT5 per-position bets, the position (0 = first digit). A line of N picks on a bet type of
 * combination size k is C(N, k) points, each staked the line's amount per point.
 */
export interface LotterySelection {
  position?: number;
  picks: readonly string[];
}

export const SELECTION_REASONS = [
  'too_few_picks',
  'too_many_picks',
  'bad_pick',
  'duplicate_pick',
  'digits_not_distinct',
  'position_required',
  'position_not_allowed',
  'bad_position',
  'too_many_combinations',
] as const;
export type SelectionReason = (typeof SELECTION_REASONS)[number];

export type SelectionCheck =
  | { ok: true; points: number }
  | { ok: false; reason: SelectionReason; pick?: string };

/** C(n, k) for small whole numbers (exact below 2^53, which the pick limits keep us under). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

function pickProblem(betType: BetType, pick: string): SelectionReason | undefined {
  const rule = betType.rule.pick;
  if (rule.kind === 'option') return rule.options.includes(pick) ? undefined : 'bad_pick';
  if (typeof pick !== 'string' || pick.length !== rule.digits || !/^[0-9]+$/.test(pick)) {
    return 'bad_pick';
  }
  if (rule.distinctDigits && new Set(pick).size !== pick.length) return 'digits_not_distinct';
  return undefined;
}

/** Whether a selection fits its bet type, and how many points it is. */
export function validateSelection(betType: BetType, selection: LotterySelection): SelectionCheck {
  const { rule } = betType;
  const positions = rule.positions;
  if (positions !== undefined) {
    if (selection.position === undefined) return { ok: false, reason: 'position_required' };
    if (
      !Number.isInteger(selection.position) ||
      selection.position < 0 ||
      selection.position >= positions
    ) {
      return { ok: false, reason: 'bad_position' };
    }
  } else if (selection.position !== undefined) {
    return { ok: false, reason: 'position_not_allowed' };
  }
  const picks = selection.picks;
  if (!Array.isArray(picks) || picks.length < rule.minPicks)
    return { ok: false, reason: 'too_few_picks' };
  if (picks.length > rule.maxPicks) return { ok: false, reason: 'too_many_picks' };
  const seen = new Set<string>();
  for (const pick of picks) {
    const problem = pickProblem(betType, pick);
    if (problem) return { ok: false, reason: problem, pick: String(pick) };
    if (seen.has(pick)) return { ok: false, reason: 'duplicate_pick', pick };
    seen.add(pick);
  }
  const points = choose(picks.length, rule.comboSize);
  if (points > MAX_COMBINATIONS_PER_BET) return { ok: false, reason: 'too_many_combinations' };
  return { ok: true, points };
}

/** Points of a selection (0 when it is not valid). */
export function pointsOf(betType: BetType, selection: LotterySelection): number {
  const check = validateSelection(betType, selection);
  return check.ok ? check.points : 0;
}

/** Every k-subset of the picks, in index order; each is one point of the line. */
export function combinations(betType: BetType, selection: LotterySelection): LotterySelection[] {
  const size = betType.rule.comboSize;
  const picks = selection.picks;
  const out: LotterySelection[] = [];
  const chosen: string[] = [];
  const walk = (from: number) => {
    if (chosen.length === size) {
      out.push({
        ...(selection.position === undefined ? {} : { position: selection.position }),
        picks: [...chosen],
      });
      return;
    }
    for (let i = from; i <= picks.length - (size - chosen.length); i++) {
      chosen.push(picks[i] as string);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
  return out;
}
