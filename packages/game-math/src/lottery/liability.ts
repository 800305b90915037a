import { type BetType, pickOddsOf } from './bet-types';
import { lotteryFormats } from './formats';
import { combinations, type LotterySelection } from './selection';
import { tailsOfSpec } from './tails';

/**
 * One number's exposure from a bet line, per unit of amount per point: if the key's event
 * happens once the line pays `payoutBp`; it can happen up to `maxHits` times in one draw (a lô
 * number can appear in all 27 prizes), so the worst case is `payoutBp * maxHits`.
 */
export interface LiabilityItem {
  /** `${market}:${pick}`, or `${market}:${position}:${pick}` for per-position bets (e.g. `lo2:27`). */
  key: string;
  payoutBp: number;
  maxHits: number;
}

/** How many times one pick can hit in a draw of the bet type's format. */
function maxHitsOf(betType: BetType): number {
  const rule = betType.settle;
  if (rule.kind === 'tail_count') {
    return tailsOfSpec(lotteryFormats[betType.format], rule.digits, rule.prizes);
  }
  if (rule.kind === 'dice_single') return lotteryFormats[betType.format].prizes[0]?.count ?? 1;
  return 1;
}

/**
 * The per-number keys a line is exposed on, for the server's per-number liability limit. A
 * combination (xiên, lô trượt) puts its whole payout on each of its numbers, since any one of
 * them coming up can complete it: conservative, never under the real exposure.
 */
export function liabilityOf(betType: BetType, selection: LotterySelection): LiabilityItem[] {
  const byKey = new Map<string, LiabilityItem>();
  const maxHits = maxHitsOf(betType);
  const prefix =
    selection.position === undefined ? betType.market : `${betType.market}:${selection.position}`;
  for (const point of combinations(betType, selection)) {
    const payoutBp = pickOddsOf(betType, point.picks[0] as string).oddsBp;
    for (const pick of point.picks) {
      const key = `${prefix}:${pick}`;
      const item = byKey.get(key);
      if (item) item.payoutBp += payoutBp;
      else byKey.set(key, { key, payoutBp, maxHits });
    }
  }
  return [...byKey.values()];
}

/** Worst-case payout of a liability item, in basis points of the amount per point. */
export function worstPayoutBp(item: LiabilityItem): number {
  return item.payoutBp * item.maxHits;
}
