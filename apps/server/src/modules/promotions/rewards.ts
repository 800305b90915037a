import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { LedgerService } from '../ledger/index.js';
import type {
  PromotionBonusPort,
  PromotionFreeSpinsPort,
  PromotionPointsPort,
} from './bonus-port.js';
import type { PromotionRow, PromotionsRepository } from './repository.js';
import {
  DAY_MS,
  isBonusReward,
  requirementMinorOf,
  rewardMinorOf,
  type StoredReward,
} from './rules.js';

/** The system account promotion cash and raffle prizes come from (one per merchant and currency). */
export const PROMOTION_REWARD_ACCOUNT_CODE = 'promotion-rewards';
export const PROMOTION_REWARD_TRANSFER_CODE = 'promotion_reward';
export const RAFFLE_PRIZE_TRANSFER_CODE = 'raffle_prize';

export interface IssuedReward {
  rewardMinor: bigint;
  bonusId: string | null;
  transferId: string | null;
}

export interface RewardDeps {
  repository: PromotionsRepository;
  ledger: LedgerService;
  bonus: PromotionBonusPort | null;
  /** The free-spins module; null leaves free-spins rewards unavailable. */
  freeSpins?: PromotionFreeSpinsPort | null;
  /** The points module; null leaves points rewards unavailable. */
  points?: PromotionPointsPort | null;
  /** Upline of a member (agents' downline promotions). */
  uplineOf(memberId: bigint): Promise<bigint | null>;
  /** The names of a member's labels (module member), for promotions limited to labels. */
  labelsOf(memberId: bigint): Promise<readonly string[]>;
  /** A member's club rank level, 0 without a rank (module vip), for VIP promotions. */
  vipRankOf(memberId: bigint): Promise<number>;
  now(): number;
}

/** The idempotency key of one member's reward from one promotion (and claim period). */
export function rewardKeyOf(promotionId: bigint, memberId: bigint, period: string): string {
  return `promotion:${promotionId}:${memberId}${period ? `:${period}` : ''}`;
}

/** Pays cash from the merchant's promotion account to the member, in the caller's transaction. */
export async function payCashWithin(
  deps: Pick<RewardDeps, 'ledger'>,
  trx: Db,
  cash: {
    merchantCode: string;
    memberId: bigint;
    currency: string;
    amountMinor: bigint;
    transferId: string;
    code: string;
    reference: string;
  },
): Promise<void> {
  const [wallet, source] = await Promise.all([
    deps.ledger.memberAccount({
      merchantCode: cash.merchantCode,
      memberId: cash.memberId,
      asset: 'cash',
      currency: cash.currency,
    }),
    deps.ledger.systemAccount({
      merchantCode: cash.merchantCode,
      code: PROMOTION_REWARD_ACCOUNT_CODE,
      asset: 'cash',
      currency: cash.currency,
    }),
  ]);
  await deps.ledger.transferWithin(trx, {
    id: cash.transferId,
    debitAccountId: source,
    creditAccountId: wallet,
    amountMinor: cash.amountMinor,
    code: cash.code,
    reference: cash.reference,
  });
}

/**
 * Issues a promotion's reward to a member in the caller's transaction: a bonus through the
 * bonus engine (with the promotion's wagering) or cash through the ledger, both idempotent on
 * `key`. Answers null when the reward comes to nothing (a deposit below the minimum).
 */
export async function issueRewardWithin(
  deps: RewardDeps,
  trx: Db,
  input: {
    promotion: PromotionRow;
    memberId: bigint;
    currency: string;
    depositMinor: bigint | null;
    key: string;
  },
): Promise<IssuedReward | null> {
  const { promotion } = input;
  if (promotion.reward.kind === 'free_spins') {
    await grantFreeSpinsWithin(deps, trx, { ...input, reward: promotion.reward });
    return { rewardMinor: 0n, bonusId: null, transferId: null };
  }
  if (promotion.reward.kind === 'points') {
    // Points are no money: the participation's reward amount stays 0 and the summary shows them.
    await creditPointsWithin(deps, trx, { ...input, points: promotion.reward.points });
    return { rewardMinor: 0n, bonusId: null, transferId: null };
  }
  const rewardMinor = rewardMinorOf(promotion.reward, input.depositMinor);
  if (rewardMinor <= 0n) return null;
  if (isBonusReward(promotion.reward)) {
    if (!deps.bonus) throw new AppError('PROMOTION_REWARD_UNAVAILABLE');
    const { wagering } = promotion;
    const { bonusId } = await deps.bonus.grantWithin(trx, {
      merchantCode: promotion.merchantCode,
      memberId: Number(input.memberId),
      currency: input.currency,
      amountMinor: rewardMinor,
      requirementMinor: requirementMinorOf(wagering, rewardMinor, input.depositMinor),
      maxBetMinor: wagering.maxBetMinor === null ? null : BigInt(wagering.maxBetMinor),
      expiresAtMs: deps.now() + wagering.expiryDays * DAY_MS,
      categoryWeightsPercent: wagering.categoryWeightsPercent,
      source: { kind: 'promotion', refId: promotion.id.toString() },
      idempotencyKey: input.key,
    });
    return { rewardMinor, bonusId, transferId: null };
  }
  await payCashWithin(deps, trx, {
    merchantCode: promotion.merchantCode,
    memberId: input.memberId,
    currency: input.currency,
    amountMinor: rewardMinor,
    transferId: input.key,
    code: PROMOTION_REWARD_TRANSFER_CODE,
    reference: `promotion ${promotion.id}`,
  });
  return { rewardMinor, bonusId: null, transferId: input.key };
}

/** What the member's targeting is matched against (each read only when a rule needs it). */
export interface MemberTargeting {
  /** The member's label names (module member). */
  labels(): Promise<readonly string[]>;
  /** The member's club rank level, 0 without a rank (module vip). */
  rankLevel(): Promise<number>;
  upline(): Promise<bigint | null>;
  depositCount(): Promise<number>;
}

/** Reads a member's facts once, lazily: a list of promotions asks each at most once. */
export function memberTargetingOf(
  deps: RewardDeps,
  executor: Db,
  merchantCode: string,
  memberId: bigint,
): MemberTargeting {
  const once = <T>(read: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => {
      value ??= read();
      return value;
    };
  };
  return {
    labels: once(() => deps.labelsOf(memberId)),
    rankLevel: once(() => deps.vipRankOf(memberId)),
    upline: once(() => deps.uplineOf(memberId)),
    depositCount: once(() => deps.repository.depositsOf(executor, merchantCode, memberId)),
  };
}

/** Whether one of the member's labels is named by the rule (names compared case-insensitively). */
export function hasAnyLabel(wanted: readonly string[], labels: readonly string[]): boolean {
  const have = new Set(labels.map((label) => label.trim().toLowerCase()));
  return wanted.some((label) => have.has(label.trim().toLowerCase()));
}

/**
 * Grants a free-spins reward: the spins' wins are bonuses wagered the promotion's multiple
 * (rounded up to a whole multiple), and the spins expire with the promotion's wagering expiry.
 */
async function grantFreeSpinsWithin(
  deps: RewardDeps,
  trx: Db,
  input: {
    promotion: PromotionRow;
    reward: Extract<StoredReward, { kind: 'free_spins' }>;
    memberId: bigint;
    currency: string;
    key: string;
  },
): Promise<void> {
  if (!deps.freeSpins) throw new AppError('PROMOTION_REWARD_UNAVAILABLE');
  const { promotion, reward } = input;
  await deps.freeSpins.grantWithin(trx, {
    merchantCode: promotion.merchantCode,
    memberId: input.memberId,
    currency: input.currency,
    gameCode: reward.gameCode,
    spins: reward.spins,
    betPerLineMinor: BigInt(reward.betPerLineMinor),
    wageringMultiple: Math.ceil(promotion.wagering.multiple),
    expiresAtMs: deps.now() + promotion.wagering.expiryDays * DAY_MS,
    source: { kind: 'promotion', refId: promotion.id.toString() },
    idempotencyKey: input.key,
  });
}

/** Credits a points reward through the points module, once per member and promotion (and period). */
async function creditPointsWithin(
  deps: RewardDeps,
  trx: Db,
  input: { promotion: PromotionRow; memberId: bigint; points: number; key: string },
): Promise<void> {
  if (!deps.points) throw new AppError('PROMOTION_REWARD_UNAVAILABLE');
  await deps.points.creditWithin(trx, {
    merchantCode: input.promotion.merchantCode,
    memberId: input.memberId,
    points: BigInt(input.points),
    remark: promotionTitleOf(input.promotion),
    idempotencyKey: input.key,
  });
}

/** The promotion's English title (else its first), the points detail's remark. */
function promotionTitleOf(promotion: PromotionRow): string {
  const texts = promotion.texts.EN ?? Object.values(promotion.texts)[0];
  return texts?.title ?? `promotion ${promotion.id}`;
}

/**
 * Whether a member's facts meet a promotion's qualifier: one of its member labels, at least its
 * VIP rank, a downline of one of its agents, and a new player (no credited deposit yet). Every
 * rule set must hold; an empty rule holds for everybody.
 */
export async function meetsQualifier(
  qualifier: PromotionRow['qualifier'],
  member: MemberTargeting,
): Promise<boolean> {
  if (qualifier.memberLabels.length > 0) {
    if (!hasAnyLabel(qualifier.memberLabels, await member.labels())) return false;
  }
  if (qualifier.vipRankMin !== null && qualifier.vipRankMin > 0) {
    if ((await member.rankLevel()) < qualifier.vipRankMin) return false;
  }
  if (qualifier.agentIds.length > 0) {
    const upline = await member.upline();
    if (upline === null || !qualifier.agentIds.includes(upline.toString())) return false;
  }
  if (qualifier.newPlayersOnly && (await member.depositCount()) > 0) return false;
  return true;
}

/** Whether a member qualifies for a promotion now (join, claim, apply and automatic grants). */
export function qualifies(
  deps: RewardDeps,
  executor: Db,
  promotion: PromotionRow,
  memberId: bigint,
): Promise<boolean> {
  return meetsQualifier(
    promotion.qualifier,
    memberTargetingOf(deps, executor, promotion.merchantCode, memberId),
  );
}
