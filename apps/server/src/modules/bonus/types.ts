import type { BonusSourceKind, BonusStatus } from '@app/contract';

/**
 * What a caller (promotions, missions, points, an operator) asks the bonus engine to credit.
 * The caller computes the requirement (multiple x base); the engine holds it to it.
 */
export interface BonusGrant {
  merchantCode: string;
  memberId: number;
  currency: string;
  /** The bonus credited, minor units. */
  amountMinor: bigint;
  /** Turnover to meet (weighted valid bets), minor units; 0 converts at once. */
  requirementMinor: bigint;
  /** The largest stake allowed while this bonus is wagering; null: no limit. */
  maxBetMinor: bigint | null;
  expiresAtMs: number;
  /** Percent (0-100) by game category; missing categories take the merchant's default. */
  categoryWeightsPercent?: Partial<Record<string, number>>;
  source: { kind: BonusSourceKind; refId: string };
  /** One grant per key and merchant, ever: the same key again replays the first grant. */
  idempotencyKey: string;
}

export interface BonusGrantResult {
  bonusId: string;
  /** True when this key had already granted: nothing moved this time. */
  replayed: boolean;
}

/** A bonus as the engine keeps it. */
export interface Bonus {
  id: bigint;
  merchantCode: string;
  memberId: bigint;
  currency: string;
  amountMinor: bigint;
  requirementMinor: bigint;
  progressMinor: bigint;
  maxBetMinor: bigint | null;
  categoryWeights: Record<string, number>;
  sourceKind: BonusSourceKind;
  sourceRef: string;
  idempotencyKey: string;
  status: BonusStatus;
  grantedAt: Date;
  expiresAt: Date;
  closedAt: Date | null;
}

/** How a wagering bonus ends: its requirement met (cash), or removed. */
export type BonusClosing = 'converted' | 'expired' | 'forfeited';
