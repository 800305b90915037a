import { randomUUID } from 'node:crypto';
import {
  minorToAmount,
  type PromotionCard,
  type PromotionCategory,
  type PromotionDetail,
  type PromotionStatus,
  type PromotionTakeMode,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { plainText, sanitizeOperatorHtml } from '../content/index.js';
import { type ApplicationImage, checkedApplicationImage } from './application-image.js';
import type { ParticipationRow, PromotionRow, WinnerRow } from './repository.js';
import {
  type IssuedReward,
  issueRewardWithin,
  meetsQualifier,
  memberTargetingOf,
  payCashWithin,
  qualifies,
  RAFFLE_PRIZE_TRANSFER_CODE,
  type RewardDeps,
  rewardKeyOf,
} from './rewards.js';
import { promotionActionOf, promotionStatusOf } from './status.js';

/** Who looks: the merchant, the language, and the member when a session came with the call. */
export interface PromotionViewer {
  merchantCode: string;
  currency: string;
  language: string;
  defaultLanguage: string;
  memberId: bigint | null;
}

export interface PromotionMember extends PromotionViewer {
  memberId: bigint;
}

export interface PromotionsServiceDeps extends RewardDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  /** Account names of members (raffle winners are shown masked). */
  accountsOf(memberIds: readonly bigint[]): Promise<Map<bigint, string>>;
}

/** Daily promotions are claimed once per UTC day: the participation's period is the day. */
function periodOf(promotion: PromotionRow, nowMs: number): string {
  return promotion.category === 'daily' && promotion.takeMode === 'claim'
    ? new Date(nowMs).toISOString().slice(0, 10)
    : '';
}

function textOf(
  promotion: PromotionRow,
  viewer: Pick<PromotionViewer, 'language' | 'defaultLanguage'>,
) {
  const texts = promotion.texts;
  return (
    texts[viewer.language] ??
    texts[viewer.defaultLanguage] ??
    Object.values(texts)[0] ?? { title: '', content: '', terms: '' }
  );
}

/** Shows the start and the end of an account name only (raffle winners are public). */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

export function createPromotionsService(deps: PromotionsServiceDeps) {
  const { repository } = deps;

  function statusOf(
    promotion: PromotionRow,
    participation: ParticipationRow | undefined,
    eligible?: boolean,
  ) {
    const isRaffle = promotion.reward.kind === 'raffle';
    const takeMode = promotion.takeMode as PromotionTakeMode;
    const status = promotionStatusOf({
      takeMode,
      isRaffle,
      state: promotion.state,
      startsAtMs: promotion.startsAt.getTime(),
      endsAtMs: promotion.endsAt.getTime(),
      raffleDrawn: promotion.raffleDrawnAt !== null,
      participation: participation
        ? { status: participation.status, tickets: participation.raffleTickets }
        : undefined,
      eligible,
      nowMs: deps.now(),
    });
    return { status, action: promotionActionOf(status, takeMode, isRaffle) };
  }

  function cardOf(
    promotion: PromotionRow,
    viewer: PromotionViewer,
    participation?: ParticipationRow,
    eligible?: boolean,
  ): PromotionCard {
    return {
      id: promotion.id.toString(),
      category: promotion.category as PromotionCategory,
      title: textOf(promotion, viewer).title,
      bannerUrl: promotion.bannerUrl,
      groupName: promotion.groupName,
      takeMode: promotion.takeMode as PromotionTakeMode,
      startsAtMs: promotion.startsAt.getTime(),
      endsAtMs: promotion.endsAt.getTime(),
      ...statusOf(promotion, participation, eligible),
    };
  }

  /**
   * Whether the viewer qualifies for each promotion they have not taken part in (undefined for
   * a guest, who sees every action and is asked to log in). The member's labels, rank, upline
   * and deposits are read once for the whole list, and only when a rule asks for them.
   */
  async function eligibilityMap(
    viewer: PromotionViewer,
    promotions: readonly PromotionRow[],
    participations: Map<bigint, ParticipationRow>,
  ): Promise<Map<bigint, boolean>> {
    const eligible = new Map<bigint, boolean>();
    if (viewer.memberId === null) return eligible;
    const member = memberTargetingOf(deps, deps.db, viewer.merchantCode, viewer.memberId);
    for (const promotion of promotions) {
      if (participations.has(promotion.id)) continue;
      eligible.set(promotion.id, await meetsQualifier(promotion.qualifier, member));
    }
    return eligible;
  }

  /** The viewer's participation in each promotion, the current period's for daily claims. */
  async function participationMap(
    executor: Db,
    viewer: PromotionViewer,
    promotions: readonly PromotionRow[],
  ) {
    const map = new Map<bigint, ParticipationRow>();
    if (viewer.memberId === null) return map;
    const rows = await repository.participationsOf(
      executor,
      viewer.merchantCode,
      viewer.memberId,
      promotions.map((promotion) => promotion.id),
    );
    const byId = new Map(promotions.map((promotion) => [promotion.id, promotion]));
    for (const row of rows) {
      const promotion = byId.get(row.promotionId);
      if (promotion && row.period === periodOf(promotion, deps.now()))
        map.set(row.promotionId, row);
    }
    return map;
  }

  async function promotionOf(executor: Db, merchantCode: string, id: string, lock = false) {
    const promotion = await repository.find(executor, merchantCode, BigInt(id), lock);
    if (!promotion) throw new AppError('NOT_FOUND', { field: 'id' });
    return promotion;
  }

  /** Refuses an action on a promotion that is not running now. */
  function assertRunning(promotion: PromotionRow): void {
    const nowMs = deps.now();
    if (promotion.state === 'active' && nowMs < promotion.startsAt.getTime()) {
      throw new AppError('PROMOTION_NOT_STARTED');
    }
    if (promotion.state !== 'active' || nowMs >= promotion.endsAt.getTime()) {
      throw new AppError('PROMOTION_CLOSED');
    }
  }

  async function assertQualifies(executor: Db, promotion: PromotionRow, memberId: bigint) {
    if (!(await qualifies(deps, executor, promotion, memberId))) {
      throw new AppError('PROMOTION_NOT_ELIGIBLE');
    }
  }

  async function raffleOf(promotion: PromotionRow, participation: ParticipationRow | undefined) {
    if (promotion.reward.kind !== 'raffle') return null;
    const drawn = promotion.raffleDrawnAt !== null;
    const winners: WinnerRow[] = drawn ? await repository.winners(deps.db, promotion.id) : [];
    const accounts = await deps.accountsOf(winners.map((winner) => winner.memberId));
    const holders = drawn ? await repository.ticketHolders(deps.db, promotion.id) : [];
    return {
      drawAtMs: promotion.raffleDrawAt?.getTime() ?? 0,
      seedHash: promotion.raffleSeedHash ?? '',
      seed: drawn ? promotion.raffleSeed : null,
      drawn,
      ticketEvery: minorToAmount(BigInt(promotion.reward.ticketEveryMinor)),
      prizes: promotion.reward.prizesMinor.map((prize) => minorToAmount(BigInt(prize))),
      myTickets: participation?.raffleTickets ?? 0,
      winners: winners.map((winner) => ({
        rank: winner.rank,
        account: maskAccount(accounts.get(winner.memberId) ?? ''),
        prize: minorToAmount(winner.prizeMinor),
        ticketNo: winner.ticketNo,
      })),
      totalTickets: holders.reduce((sum, holder) => sum + holder.tickets, 0),
    };
  }

  function rewardSummary(promotion: PromotionRow): PromotionDetail['reward'] {
    const { reward, wagering } = promotion;
    // Free spins' wins are bonus money: the member sees the wagering that applies to them.
    const bonus =
      reward.kind === 'bonus_fixed' ||
      reward.kind === 'bonus_percent' ||
      reward.kind === 'free_spins';
    return {
      kind: bonus
        ? 'bonus'
        : reward.kind === 'raffle' || reward.kind === 'points'
          ? reward.kind
          : 'cash',
      fixedAmount:
        reward.kind === 'bonus_fixed' || reward.kind === 'cash_fixed'
          ? minorToAmount(BigInt(reward.amountMinor))
          : null,
      percent: reward.kind === 'bonus_percent' ? reward.percentBp / 100 : null,
      capAmount: reward.kind === 'bonus_percent' ? minorToAmount(BigInt(reward.capMinor)) : null,
      minDepositAmount:
        reward.kind === 'bonus_percent' ? minorToAmount(BigInt(reward.minDepositMinor)) : null,
      wageringMultiple: bonus ? wagering.multiple : null,
      wageringBase: bonus ? wagering.base : null,
      maxBetAmount:
        bonus && wagering.maxBetMinor !== null ? minorToAmount(BigInt(wagering.maxBetMinor)) : null,
      expiryDays: bonus ? wagering.expiryDays : null,
      points: reward.kind === 'points' ? reward.points : null,
    };
  }

  /** Joins or claims in one transaction; answers the status after the step. */
  async function takeWithin(
    member: PromotionMember,
    id: string,
    mode: 'join' | 'claim',
  ): Promise<{ status: PromotionStatus; rewardAmount: number | null }> {
    return deps.unitOfWork(async (trx) => {
      const promotion = await promotionOf(trx, member.merchantCode, id);
      const isRaffle = promotion.reward.kind === 'raffle';
      const allowed =
        mode === 'join'
          ? promotion.takeMode === 'join' || isRaffle
          : promotion.takeMode === 'claim';
      if (!allowed) throw new AppError('PROMOTION_ACTION_UNAVAILABLE');
      assertRunning(promotion);
      const period = periodOf(promotion, deps.now());
      const existing = (
        await repository.lockParticipations(trx, promotion.id, [member.memberId], period)
      )[0];
      if (existing) {
        return {
          status: statusOf(promotion, existing).status,
          rewardAmount: existing.rewardMinor > 0n ? minorToAmount(existing.rewardMinor) : null,
        };
      }
      await assertQualifies(trx, promotion, member.memberId);
      const status = mode === 'join' ? 'joined' : 'claimed';
      const { row } = await repository.insertParticipation(trx, {
        promotionId: promotion.id,
        merchantCode: member.merchantCode,
        memberId: member.memberId,
        period,
        status,
      });
      let issued: IssuedReward | null = null;
      if (mode === 'claim') {
        issued = await issueRewardWithin(deps, trx, {
          promotion,
          memberId: member.memberId,
          currency: member.currency,
          depositMinor: null,
          key: rewardKeyOf(promotion.id, member.memberId, period),
        });
        if (issued) await repository.updateParticipation(trx, row.id, issued);
      }
      const after = { ...row, rewardMinor: issued?.rewardMinor ?? 0n };
      return {
        status: statusOf(promotion, after).status,
        rewardAmount: issued ? minorToAmount(issued.rewardMinor) : null,
      };
    });
  }

  return {
    async list(viewer: PromotionViewer, category?: PromotionCategory): Promise<PromotionCard[]> {
      const all = await repository.visible(viewer.merchantCode, new Date(deps.now()));
      const promotions = category
        ? all.filter((promotion) => promotion.category === category)
        : all;
      const participations = await participationMap(deps.db, viewer, promotions);
      const eligible = await eligibilityMap(viewer, promotions, participations);
      return promotions.map((promotion) =>
        cardOf(promotion, viewer, participations.get(promotion.id), eligible.get(promotion.id)),
      );
    },

    async detail(viewer: PromotionViewer, id: string): Promise<PromotionDetail> {
      const promotion = await promotionOf(deps.db, viewer.merchantCode, id);
      const participation = (await participationMap(deps.db, viewer, [promotion])).get(
        promotion.id,
      );
      const text = textOf(promotion, viewer);
      const participations = new Map(participation ? [[promotion.id, participation]] : []);
      const eligible = await eligibilityMap(viewer, [promotion], participations);
      return {
        ...cardOf(promotion, viewer, participation, eligible.get(promotion.id)),
        // Sanitized on save and again here: defence in depth, as the announcements do.
        title: plainText(text.title),
        content: sanitizeOperatorHtml(text.content),
        terms: sanitizeOperatorHtml(text.terms),
        rewardAmount:
          participation && participation.rewardMinor > 0n
            ? minorToAmount(participation.rewardMinor)
            : null,
        rejectReason: participation?.status === 'rejected' ? participation.rejectReason : null,
        reward: rewardSummary(promotion),
        raffle: await raffleOf(promotion, participation),
      };
    },

    /** What the member can claim now, for the reward centre (module `bonus`). */
    async claimables(member: PromotionMember) {
      const cards = await this.list(member);
      return cards
        .filter((card) => card.action === 'claim' || card.action === 'claimRaffle')
        .map((card) => ({
          kind: `promotion-${card.action}`,
          id: card.id,
          title: card.title,
          amount: null,
        }));
    },

    /** How many promotions offer the viewer a Join or Claim now (the left bar's badge). */
    async count(viewer: PromotionViewer): Promise<number> {
      const cards = await this.list(viewer);
      return cards.filter((card) => card.status === 'Join' || card.status === 'Claim').length;
    },

    join(member: PromotionMember, id: string) {
      return takeWithin(member, id, 'join');
    },

    claim(member: PromotionMember, id: string) {
      return takeWithin(member, id, 'claim');
    },

    /**
     * SPEC §5: checks every image by its content first (outside the transaction: decoding is
     * slow), then stores the application, its clean images and the participation together.
     */
    async apply(
      member: PromotionMember,
      input: { id: string; comment: string; images: readonly string[] },
    ): Promise<{ applicationId: string; status: PromotionStatus }> {
      const images: (ApplicationImage & { id: string })[] = [];
      for (const [index, base64] of input.images.entries()) {
        images.push({ id: randomUUID(), ...(await checkedApplicationImage(base64, index)) });
      }
      return deps.unitOfWork(async (trx) => {
        const promotion = await promotionOf(trx, member.merchantCode, input.id);
        if (promotion.takeMode !== 'apply') throw new AppError('PROMOTION_ACTION_UNAVAILABLE');
        assertRunning(promotion);
        const existing = (
          await repository.lockParticipations(trx, promotion.id, [member.memberId])
        )[0];
        if (existing?.status === 'applying') throw new AppError('PROMOTION_APPLICATION_PENDING');
        if (existing && existing.status !== 'rejected')
          throw new AppError('PROMOTION_ACTION_UNAVAILABLE');
        await assertQualifies(trx, promotion, member.memberId);
        if (existing) {
          await repository.updateParticipation(trx, existing.id, {
            status: 'applying',
            rejectReason: null,
          });
        } else {
          await repository.insertParticipation(trx, {
            promotionId: promotion.id,
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            status: 'applying',
          });
        }
        const applicationId = await repository.insertApplication(
          trx,
          {
            promotionId: promotion.id,
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            comment: plainText(input.comment),
          },
          images,
        );
        return { applicationId: applicationId.toString(), status: 'Applying' as const };
      });
    },

    /**
     * MCS2_claimRafflePromotion: the winner's prize as cash through the ledger, the winner row
     * and the participation in one transaction; a second claim answers the first (replayed).
     */
    async claimRaffle(
      member: PromotionMember,
      promotionId: string,
    ): Promise<{ prize: number; status: PromotionStatus; replayed: boolean }> {
      return deps.unitOfWork(async (trx) => {
        const promotion = await promotionOf(trx, member.merchantCode, promotionId);
        if (promotion.reward.kind !== 'raffle') throw new AppError('PROMOTION_ACTION_UNAVAILABLE');
        if (promotion.raffleDrawnAt === null) throw new AppError('RAFFLE_NOT_DRAWN');
        const winner = await repository.lockWinner(trx, promotion.id, member.memberId);
        if (!winner) throw new AppError('RAFFLE_NOT_WINNER');
        const prize = minorToAmount(winner.prizeMinor);
        if (winner.claimedAt !== null) return { prize, status: 'Claimed' as const, replayed: true };
        const transferId = `raffle:${promotion.id}:${winner.rank}`;
        await payCashWithin(deps, trx, {
          merchantCode: member.merchantCode,
          memberId: member.memberId,
          currency: member.currency,
          amountMinor: winner.prizeMinor,
          transferId,
          code: RAFFLE_PRIZE_TRANSFER_CODE,
          reference: `raffle ${promotion.id} rank ${winner.rank}`,
        });
        await repository.markWinnerClaimed(trx, promotion.id, winner.rank, transferId);
        const participation = (
          await repository.lockParticipations(trx, promotion.id, [member.memberId])
        )[0];
        if (participation) {
          await repository.updateParticipation(trx, participation.id, {
            status: 'claimed',
            rewardMinor: winner.prizeMinor,
            transferId,
          });
        }
        return { prize, status: 'Claimed' as const, replayed: false };
      });
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
