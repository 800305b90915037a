import type { CursorPage } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';
import type { StoredQualifier, StoredReward, StoredWagering } from './rules.js';
import type { ParticipationStatus } from './status.js';

/** A merchant's promotions shown to players: a list, not a feed (the operator keeps it short). */
export const PROMOTIONS_VISIBLE_MAX = 200;
/** A closed promotion stays on the page (as "Close") this long, so members see how it ended. */
export const PROMOTION_CLOSED_VISIBLE_DAYS = 7;

export interface PromotionText {
  title: string;
  content: string;
  terms: string;
}

export interface PromotionRow {
  id: bigint;
  merchantCode: string;
  category: string;
  takeMode: string;
  state: 'active' | 'paused' | 'ended';
  texts: Partial<Record<string, PromotionText>>;
  bannerUrl: string;
  groupName: string;
  startsAt: Date;
  endsAt: Date;
  sortOrder: number;
  qualifier: StoredQualifier;
  reward: StoredReward;
  wagering: StoredWagering;
  raffleSeed: string | null;
  raffleSeedHash: string | null;
  raffleDrawAt: Date | null;
  raffleDrawnAt: Date | null;
  updatedAt: Date;
}

export interface PromotionWrite {
  category: string;
  takeMode: string;
  texts: Partial<Record<string, PromotionText>>;
  bannerUrl: string;
  groupName: string;
  startsAt: Date;
  endsAt: Date;
  sortOrder: number;
  qualifier: StoredQualifier;
  reward: StoredReward;
  wagering: StoredWagering;
  raffleDrawAt: Date | null;
}

export interface ParticipationRow {
  id: bigint;
  promotionId: bigint;
  memberId: bigint;
  period: string;
  status: ParticipationStatus;
  rewardMinor: bigint;
  rejectReason: string | null;
  raffleTickets: number;
  raffleCarryMinor: bigint;
}

export interface ApplicationRow {
  id: bigint;
  promotionId: bigint;
  memberId: bigint;
  comment: string;
  status: 'pending' | 'approved' | 'rejected';
  rejectReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  imageIds: string[];
}

export interface WinnerRow {
  promotionId: bigint;
  rank: number;
  memberId: bigint;
  ticketNo: number;
  prizeMinor: bigint;
  claimedAt: Date | null;
  transferId: string | null;
}

const promotionColumns = [
  'id',
  'merchant_code',
  'category',
  'take_mode',
  'state',
  'texts',
  'banner_url',
  'group_name',
  'starts_at',
  'ends_at',
  'sort_order',
  'qualifier',
  'reward',
  'wagering',
  'raffle_seed',
  'raffle_seed_hash',
  'raffle_draw_at',
  'raffle_drawn_at',
  'updated_at',
] as const;

// biome-ignore lint/suspicious/noExplicitAny: one mapper for the rows of several selects.
function toPromotion(row: any): PromotionRow {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    category: row.category,
    takeMode: row.take_mode,
    state: row.state,
    texts: row.texts,
    bannerUrl: row.banner_url,
    groupName: row.group_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    sortOrder: row.sort_order,
    qualifier: row.qualifier,
    reward: row.reward,
    wagering: row.wagering,
    raffleSeed: row.raffle_seed,
    raffleSeedHash: row.raffle_seed_hash,
    raffleDrawAt: row.raffle_draw_at,
    raffleDrawnAt: row.raffle_drawn_at,
    updatedAt: row.updated_at,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the participation select's row.
function toParticipation(row: any): ParticipationRow {
  return {
    id: row.id,
    promotionId: row.promotion_id,
    memberId: row.member_id,
    period: row.period,
    status: row.status,
    rewardMinor: row.reward_minor,
    rejectReason: row.reject_reason,
    raffleTickets: row.raffle_tickets,
    raffleCarryMinor: row.raffle_carry_minor,
  };
}

const participationColumns = [
  'id',
  'promotion_id',
  'member_id',
  'period',
  'status',
  'reward_minor',
  'reject_reason',
  'raffle_tickets',
  'raffle_carry_minor',
] as const;

function writeColumns(write: PromotionWrite) {
  return {
    category: write.category,
    take_mode: write.takeMode,
    texts: JSON.stringify(write.texts),
    banner_url: write.bannerUrl,
    group_name: write.groupName,
    starts_at: write.startsAt,
    ends_at: write.endsAt,
    sort_order: write.sortOrder,
    qualifier: JSON.stringify(write.qualifier),
    reward: JSON.stringify(write.reward),
    wagering: JSON.stringify(write.wagering),
    raffle_draw_at: write.raffleDrawAt,
  };
}

const ADMIN_PROMOTIONS_ORDER: KeysetOrder = {
  name: 'admin-promotions',
  keys: [{ ref: 'id', type: 'bigint' }],
  direction: 'desc',
};

const APPLICATIONS_ORDER: KeysetOrder = {
  name: 'promotion-applications',
  keys: [{ ref: 'a.id', type: 'bigint' }],
  direction: 'desc',
};

const PARTICIPANTS_ORDER: KeysetOrder = {
  name: 'promotion-participants',
  keys: [{ ref: 'p.id', type: 'bigint' }],
  direction: 'desc',
};

/** One row of a promotion's participants list (operators). */
export interface ParticipantRow {
  id: bigint;
  memberId: bigint;
  period: string;
  status: ParticipationStatus;
  rewardMinor: bigint;
  bonusId: string | null;
  createdAt: Date;
}

/** The promotions module's tables; every write takes the executor of the caller's transaction. */
export function createPromotionsRepository(db: Db) {
  return {
    async insertPromotion(
      executor: Db,
      merchantCode: string,
      write: PromotionWrite,
      raffle: { seed: string; seedHash: string } | null,
    ): Promise<PromotionRow> {
      const row = await executor
        .insertInto('promotions')
        .values({
          merchant_code: merchantCode,
          ...writeColumns(write),
          raffle_seed: raffle?.seed ?? null,
          raffle_seed_hash: raffle?.seedHash ?? null,
        })
        .returning(promotionColumns)
        .executeTakeFirstOrThrow();
      return toPromotion(row);
    },

    async updatePromotion(executor: Db, id: bigint, write: PromotionWrite): Promise<PromotionRow> {
      const row = await executor
        .updateTable('promotions')
        .set({ ...writeColumns(write), updated_at: new Date() })
        .where('id', '=', id)
        .returning(promotionColumns)
        .executeTakeFirstOrThrow();
      return toPromotion(row);
    },

    async setState(executor: Db, id: bigint, state: string): Promise<PromotionRow> {
      const row = await executor
        .updateTable('promotions')
        .set({ state, updated_at: new Date() })
        .where('id', '=', id)
        .returning(promotionColumns)
        .executeTakeFirstOrThrow();
      return toPromotion(row);
    },

    async find(
      executor: Db,
      merchantCode: string,
      id: bigint,
      lock = false,
    ): Promise<PromotionRow | undefined> {
      let query = executor
        .selectFrom('promotions')
        .select(promotionColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id);
      if (lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? toPromotion(row) : undefined;
    },

    /** What players see: not ended long ago, in the operator's order, bounded. */
    async visible(merchantCode: string, now: Date): Promise<PromotionRow[]> {
      const since = new Date(now.getTime() - PROMOTION_CLOSED_VISIBLE_DAYS * 24 * 60 * 60 * 1000);
      const rows = await db
        .selectFrom('promotions')
        .select(promotionColumns)
        .where('merchant_code', '=', merchantCode)
        .where((eb) => eb.or([eb('ends_at', '>', since), eb('raffle_drawn_at', '>', since)]))
        .orderBy('sort_order')
        .orderBy('id', 'desc')
        .limit(PROMOTIONS_VISIBLE_MAX)
        .execute();
      return rows.map(toPromotion);
    },

    async adminPage(
      merchantCode: string,
      category: string | undefined,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<PromotionRow>> {
      let query = db
        .selectFrom('promotions')
        .select(promotionColumns)
        .where('merchant_code', '=', merchantCode);
      if (category) query = query.where('category', '=', category);
      const result = await keysetPage(query, ADMIN_PROMOTIONS_ORDER, page);
      return { items: result.items.map(toPromotion), nextCursor: result.nextCursor };
    },

    /** Running promotions a deposit may qualify for (joined or automatic), at the deposit's time. */
    async runningForDeposit(executor: Db, merchantCode: string, at: Date): Promise<PromotionRow[]> {
      const rows = await executor
        .selectFrom('promotions')
        .select(promotionColumns)
        .where('merchant_code', '=', merchantCode)
        .where('state', '=', 'active')
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .where('take_mode', 'in', ['auto', 'join'])
        .where(sql<boolean>`reward->>'kind' <> 'raffle'`)
        .limit(PROMOTIONS_VISIBLE_MAX)
        .execute();
      return rows.map(toPromotion);
    },

    /** Raffles of the merchants named that collect tickets at some time of the batch. */
    async runningRaffles(executor: Db, merchantCodes: readonly string[]): Promise<PromotionRow[]> {
      if (merchantCodes.length === 0) return [];
      const rows = await executor
        .selectFrom('promotions')
        .select(promotionColumns)
        .where('merchant_code', 'in', [...merchantCodes])
        .where('state', '=', 'active')
        .where('raffle_drawn_at', 'is', null)
        .where(sql<boolean>`reward->>'kind' = 'raffle'`)
        .limit(PROMOTIONS_VISIBLE_MAX)
        .execute();
      return rows.map(toPromotion);
    },

    /** Raffles whose draw time has come and that are not drawn yet, oldest first. */
    async dueRaffles(now: Date, limit: number): Promise<{ id: bigint; merchantCode: string }[]> {
      const rows = await db
        .selectFrom('promotions')
        .select(['id', 'merchant_code'])
        .where('raffle_draw_at', '<=', now)
        .where('raffle_drawn_at', 'is', null)
        .orderBy('raffle_draw_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, merchantCode: row.merchant_code }));
    },

    async markDrawn(executor: Db, id: bigint, at: Date): Promise<void> {
      await executor
        .updateTable('promotions')
        .set({ raffle_drawn_at: at })
        .where('id', '=', id)
        .execute();
    },

    async participationsOf(
      executor: Db,
      merchantCode: string,
      memberId: bigint,
      promotionIds: readonly bigint[],
    ): Promise<ParticipationRow[]> {
      if (promotionIds.length === 0) return [];
      const rows = await executor
        .selectFrom('promotion_participations')
        .select(participationColumns)
        .where('merchant_code', '=', merchantCode)
        .where('member_id', '=', memberId)
        .where('promotion_id', 'in', [...promotionIds])
        .execute();
      return rows.map(toParticipation);
    },

    /** The participation of members in one promotion, locked for the step that changes them. */
    async lockParticipations(
      executor: Db,
      promotionId: bigint,
      memberIds: readonly bigint[],
      period = '',
    ): Promise<ParticipationRow[]> {
      if (memberIds.length === 0) return [];
      const rows = await executor
        .selectFrom('promotion_participations')
        .select(participationColumns)
        .where('promotion_id', '=', promotionId)
        .where('period', '=', period)
        .where('member_id', 'in', [...memberIds])
        .orderBy('member_id')
        .forUpdate()
        .execute();
      return rows.map(toParticipation);
    },

    /** A new participation; an existing one for the same period stays as it is (answers it). */
    async insertParticipation(
      executor: Db,
      row: {
        promotionId: bigint;
        merchantCode: string;
        memberId: bigint;
        period?: string;
        status: ParticipationStatus;
      },
    ): Promise<{ row: ParticipationRow; inserted: boolean }> {
      const inserted = await executor
        .insertInto('promotion_participations')
        .values({
          promotion_id: row.promotionId,
          merchant_code: row.merchantCode,
          member_id: row.memberId,
          period: row.period ?? '',
          status: row.status,
        })
        .onConflict((conflict) =>
          conflict.columns(['promotion_id', 'member_id', 'period']).doNothing(),
        )
        .returning(participationColumns)
        .executeTakeFirst();
      if (inserted) return { row: toParticipation(inserted), inserted: true };
      const existing = await executor
        .selectFrom('promotion_participations')
        .select(participationColumns)
        .where('promotion_id', '=', row.promotionId)
        .where('member_id', '=', row.memberId)
        .where('period', '=', row.period ?? '')
        .forUpdate()
        .executeTakeFirstOrThrow();
      return { row: toParticipation(existing), inserted: false };
    },

    async updateParticipation(
      executor: Db,
      id: bigint,
      set: {
        status?: ParticipationStatus;
        rewardMinor?: bigint;
        depositId?: string | null;
        bonusId?: string | null;
        transferId?: string | null;
        rejectReason?: string | null;
        raffleTickets?: number;
        raffleCarryMinor?: bigint;
      },
    ): Promise<void> {
      await executor
        .updateTable('promotion_participations')
        .set({
          ...(set.status !== undefined ? { status: set.status } : {}),
          ...(set.rewardMinor !== undefined ? { reward_minor: set.rewardMinor.toString() } : {}),
          ...(set.depositId !== undefined ? { deposit_id: set.depositId } : {}),
          ...(set.bonusId !== undefined ? { bonus_id: set.bonusId } : {}),
          ...(set.transferId !== undefined ? { transfer_id: set.transferId } : {}),
          ...(set.rejectReason !== undefined ? { reject_reason: set.rejectReason } : {}),
          ...(set.raffleTickets !== undefined ? { raffle_tickets: set.raffleTickets } : {}),
          ...(set.raffleCarryMinor !== undefined
            ? { raffle_carry_minor: set.raffleCarryMinor.toString() }
            : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async ticketHolders(
      executor: Db,
      promotionId: bigint,
    ): Promise<{ memberId: bigint; tickets: number }[]> {
      const rows = await executor
        .selectFrom('promotion_participations')
        .select(['member_id', 'raffle_tickets'])
        .where('promotion_id', '=', promotionId)
        .where('raffle_tickets', '>', 0)
        .orderBy('member_id')
        .execute();
      return rows.map((row) => ({ memberId: row.member_id, tickets: row.raffle_tickets }));
    },

    async statusCounts(
      promotionId: bigint,
    ): Promise<{ status: string; count: number; rewardMinor: bigint }[]> {
      const rows = await sql<{ status: string; count: bigint; reward_minor: string | null }>`
        SELECT status, count(*) AS count, sum(reward_minor)::text AS reward_minor
        FROM promotion_participations WHERE promotion_id = ${promotionId.toString()}::bigint
        GROUP BY status
      `.execute(db);
      return rows.rows.map((row) => ({
        status: row.status,
        count: Number(row.count),
        rewardMinor: BigInt(row.reward_minor ?? '0'),
      }));
    },

    /** Counts the member's credited deposit and answers its ordinal (1 for the first). */
    async countDeposit(executor: Db, merchantCode: string, memberId: bigint): Promise<number> {
      const row = await executor
        .insertInto('promotion_member_deposits')
        .values({ merchant_code: merchantCode, member_id: memberId, deposits: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['merchant_code', 'member_id'])
            .doUpdateSet({ deposits: sql<number>`promotion_member_deposits.deposits + 1` }),
        )
        .returning('deposits')
        .executeTakeFirstOrThrow();
      return row.deposits;
    },

    async depositsOf(executor: Db, merchantCode: string, memberId: bigint): Promise<number> {
      const row = await executor
        .selectFrom('promotion_member_deposits')
        .select('deposits')
        .where('merchant_code', '=', merchantCode)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.deposits ?? 0;
    },

    async insertApplication(
      executor: Db,
      row: { promotionId: bigint; merchantCode: string; memberId: bigint; comment: string },
      images: readonly { id: string; kind: string; width: number; height: number; bytes: Buffer }[],
    ): Promise<bigint> {
      const inserted = await executor
        .insertInto('promotion_applications')
        .values({
          promotion_id: row.promotionId,
          merchant_code: row.merchantCode,
          member_id: row.memberId,
          comment: row.comment,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (images.length > 0) {
        await executor
          .insertInto('promotion_application_images')
          .values(
            images.map((image, position) => ({
              id: image.id,
              application_id: inserted.id,
              position,
              kind: image.kind,
              width: image.width,
              height: image.height,
              bytes: image.bytes,
            })),
          )
          .execute();
      }
      return inserted.id;
    },

    /** A promotion's participations, newest first; the caller checked the promotion's merchant. */
    async participantsPage(
      merchantCode: string,
      promotionId: bigint,
      status: ParticipationStatus | undefined,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<ParticipantRow>> {
      let query = db
        .selectFrom('promotion_participations as p')
        .select([
          'p.id',
          'p.member_id',
          'p.period',
          'p.status',
          'p.reward_minor',
          'p.bonus_id',
          'p.created_at',
        ])
        .where('p.merchant_code', '=', merchantCode)
        .where('p.promotion_id', '=', promotionId);
      if (status) query = query.where('p.status', '=', status);
      const result = await keysetPage(query, PARTICIPANTS_ORDER, page);
      return {
        items: result.items.map((row) => ({
          id: row.id,
          memberId: row.member_id,
          period: row.period,
          status: row.status as ParticipationStatus,
          rewardMinor: row.reward_minor,
          bonusId: row.bonus_id,
          createdAt: row.created_at,
        })),
        nextCursor: result.nextCursor,
      };
    },

    async applicationsPage(
      merchantCode: string,
      status: string,
      page: { cursor?: string | undefined; limit: number },
    ): Promise<CursorPage<ApplicationRow>> {
      const query = db
        .selectFrom('promotion_applications as a')
        .select([
          'a.id',
          'a.promotion_id',
          'a.member_id',
          'a.comment',
          'a.status',
          'a.reject_reason',
          'a.created_at',
          'a.decided_at',
          sql<string[]>`coalesce((SELECT array_agg(i.id::text ORDER BY i.position)
            FROM promotion_application_images i WHERE i.application_id = a.id), '{}')`.as(
            'image_ids',
          ),
        ])
        .where('a.merchant_code', '=', merchantCode)
        .where('a.status', '=', status);
      const result = await keysetPage(query, APPLICATIONS_ORDER, page);
      return { items: result.items.map(toApplication), nextCursor: result.nextCursor };
    },

    async lockApplication(
      executor: Db,
      merchantCode: string,
      id: bigint,
    ): Promise<ApplicationRow | undefined> {
      const row = await executor
        .selectFrom('promotion_applications as a')
        .select([
          'a.id',
          'a.promotion_id',
          'a.member_id',
          'a.comment',
          'a.status',
          'a.reject_reason',
          'a.created_at',
          'a.decided_at',
          sql<string[]>`coalesce((SELECT array_agg(i.id::text ORDER BY i.position)
            FROM promotion_application_images i WHERE i.application_id = a.id), '{}')`.as(
            'image_ids',
          ),
        ])
        .where('a.merchant_code', '=', merchantCode)
        .where('a.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row ? toApplication(row) : undefined;
    },

    async decideApplication(
      executor: Db,
      id: bigint,
      decision: { status: 'approved' | 'rejected'; reason: string | null; operatorId: bigint },
    ): Promise<void> {
      await executor
        .updateTable('promotion_applications')
        .set({
          status: decision.status,
          reject_reason: decision.reason,
          decided_by: decision.operatorId,
          decided_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async applicationImage(
      merchantCode: string,
      id: string,
    ): Promise<{ kind: string; bytes: Buffer } | undefined> {
      return db
        .selectFrom('promotion_application_images as i')
        .innerJoin('promotion_applications as a', 'a.id', 'i.application_id')
        .select(['i.kind', 'i.bytes'])
        .where('a.merchant_code', '=', merchantCode)
        .where('i.id', '=', id)
        .executeTakeFirst();
    },

    async insertWinners(
      executor: Db,
      promotionId: bigint,
      winners: readonly WinnerRow[],
    ): Promise<void> {
      if (winners.length === 0) return;
      await executor
        .insertInto('promotion_raffle_winners')
        .values(
          winners.map((winner) => ({
            promotion_id: promotionId,
            rank: winner.rank,
            member_id: winner.memberId,
            ticket_no: winner.ticketNo,
            prize_minor: winner.prizeMinor,
          })),
        )
        .execute();
    },

    async winners(executor: Db, promotionId: bigint): Promise<WinnerRow[]> {
      const rows = await executor
        .selectFrom('promotion_raffle_winners')
        .selectAll()
        .where('promotion_id', '=', promotionId)
        .orderBy('rank')
        .execute();
      return rows.map(toWinner);
    },

    async lockWinner(
      executor: Db,
      promotionId: bigint,
      memberId: bigint,
    ): Promise<WinnerRow | undefined> {
      const row = await executor
        .selectFrom('promotion_raffle_winners')
        .selectAll()
        .where('promotion_id', '=', promotionId)
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
      return row ? toWinner(row) : undefined;
    },

    async markWinnerClaimed(
      executor: Db,
      promotionId: bigint,
      rank: number,
      transferId: string,
    ): Promise<void> {
      await executor
        .updateTable('promotion_raffle_winners')
        .set({ claimed_at: new Date(), transfer_id: transferId })
        .where('promotion_id', '=', promotionId)
        .where('rank', '=', rank)
        .execute();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the application select's row.
function toApplication(row: any): ApplicationRow {
  return {
    id: row.id,
    promotionId: row.promotion_id,
    memberId: row.member_id,
    comment: row.comment,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    imageIds: row.image_ids ?? [],
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the winner select's row.
function toWinner(row: any): WinnerRow {
  return {
    promotionId: row.promotion_id,
    rank: row.rank,
    memberId: row.member_id,
    ticketNo: row.ticket_no,
    prizeMinor: row.prize_minor,
    claimedAt: row.claimed_at,
    transferId: row.transfer_id,
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
