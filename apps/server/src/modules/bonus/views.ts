import { type BonusView, minorToAmount } from '@app/contract';
import type { Bonus } from './types.js';

/** The part of the requirement met, 0-100, rounded down (a bar at 100 % means met). */
export function progressPercent(bonus: Pick<Bonus, 'requirementMinor' | 'progressMinor'>): number {
  if (bonus.requirementMinor <= 0n) return 100;
  const percent = (bonus.progressMinor * 100n) / bonus.requirementMinor;
  return Number(percent > 100n ? 100n : percent);
}

/** A bonus as the member and the operator see it (major units, ISO times). */
export function bonusView(bonus: Bonus): BonusView {
  const remaining = bonus.requirementMinor - bonus.progressMinor;
  return {
    bonusId: bonus.id.toString(),
    currency: bonus.currency,
    amount: minorToAmount(bonus.amountMinor),
    requirement: minorToAmount(bonus.requirementMinor),
    progress: minorToAmount(bonus.progressMinor),
    remaining: minorToAmount(remaining > 0n ? remaining : 0n),
    progressPercent: progressPercent(bonus),
    maxBet: bonus.maxBetMinor === null ? null : minorToAmount(bonus.maxBetMinor),
    categoryWeights: bonus.categoryWeights,
    status: bonus.status,
    sourceKind: bonus.sourceKind,
    sourceRef: bonus.sourceRef,
    grantedAt: bonus.grantedAt.toISOString(),
    expiresAt: bonus.expiresAt.toISOString(),
    closedAt: bonus.closedAt?.toISOString() ?? null,
  };
}
