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

/** One granted bonus as the participants list shows it. */
export interface PromotionBonusState {
  status: 'wagering' | 'converted' | 'expired' | 'forfeited';
  amountMinor: bigint;
}

export interface PromotionBonusPort {
  grantWithin(trx: Db, grant: BonusGrant): Promise<{ bonusId: string; replayed: boolean }>;
  /** The merchant's bonuses by id (absent: the participants list shows no bonus figures). */
  bonusesOf?(
    merchantCode: string,
    bonusIds: readonly string[],
  ): Promise<Map<string, PromotionBonusState>>;
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

/**
 * What this module needs of the points module: a credit in the caller's transaction, idempotent
 * on the key (the points module's `creditPointsWithin`, reason `promotion`).
 */
export interface PromotionPointsPort {
  creditWithin(
    trx: Db,
    credit: {
      merchantCode: string;
      memberId: bigint;
      points: bigint;
      remark: string;
      idempotencyKey: string;
    },
  ): Promise<{ replayed: boolean }>;
}
