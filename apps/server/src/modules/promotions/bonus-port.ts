import type { Db } from '../../db/database.js';

/**
 * What this module needs of the bonus engine (module `bonus`, issue 19 part A), declared here
 * with the same shape as the bonus module's exported `BonusGrant` and `grantWithin`, so that
 * `services.ts` can hand the real engine in. The grant runs in the caller's transaction: the
 * participation row and the bonus commit together or not at all.
 */
export interface BonusGrant {
  merchantCode: string;
  memberId: number;
  currency: string;
  amountMinor: bigint;
  requirementMinor: bigint;
  maxBetMinor: bigint | null;
  expiresAtMs: number;
  categoryWeightsPercent?: Partial<Record<string, number>>;
  source: { kind: 'promotion' | 'mission' | 'points' | 'operator'; refId: string };
  idempotencyKey: string;
}

/** The bonus figures of one promotion (its cost), when the engine can answer them. */
export interface PromotionBonusTotals {
  convertedMinor: bigint;
  forfeitedMinor: bigint;
  expiredMinor: bigint;
  activeMinor: bigint;
}

export interface PromotionBonusPort {
  grantWithin(trx: Db, grant: BonusGrant): Promise<{ bonusId: string; replayed: boolean }>;
  /** Sums of the bonuses this promotion granted, by outcome (absent: the report shows null). */
  totalsOfSource?(merchantCode: string, refId: string): Promise<PromotionBonusTotals>;
}

/** What this module needs of the free-spins module: a grant in the caller's transaction. */
export interface PromotionFreeSpinsPort {
  grantWithin(
    trx: Db,
    grant: {
      merchantCode: string;
      memberId: bigint;
      currency: string;
      gameCode: string;
      spins: number;
      betPerLineMinor: bigint;
      wageringMultiple: number;
      expiresAtMs: number;
      source: { kind: 'promotion'; refId: string };
      idempotencyKey: string;
    },
  ): Promise<unknown>;
}
