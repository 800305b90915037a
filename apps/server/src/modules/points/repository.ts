import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll } from '../../db/sql-numbers.js';
import type { PointRewardsTable } from '../../db/types.js';

/** The points module's tables: rules, settings, the catalogue and redemptions. */

export type RewardType = PointRewardsTable['reward_type'];
export type RedemptionStatus = 'in_process' | 'approved' | 'rejected';

export interface PointRule {
  gameCategory: string;
  unitMinor: bigint;
  pointsPerUnit: bigint;
}

export interface PointSettings {
  convertEnabled: boolean;
  convertPointsStep: bigint;
  convertCashMinor: bigint;
  convertMinPoints: bigint;
}

export interface RewardRecord {
  id: bigint;
  merchantCode: string;
  type: RewardType;
  name: string;
  description: string;
  imageUrl: string | null;
  pointsCost: bigint;
  amountMinor: bigint;
  stock: number | null;
  needsApproval: boolean;
  maxPerRedemption: number;
  active: boolean;
  sortOrder: number;
  /** A bonus reward is wagered this many times its amount (the bonus engine holds it). */
  wageringMultiple: number;
  /** What a free-spins reward grants per unit redeemed; null for other types. */
  freeSpins: FreeSpinsTerms | null;
}

export interface FreeSpinsTerms {
  gameCode: string;
  spins: number;
  betPerLineMinor: bigint;
}

export interface RedemptionRecord {
  id: bigint;
  referenceNo: string;
  merchantCode: string;
  memberId: bigint;
  rewardId: bigint;
  rewardType: RewardType;
  rewardName: string;
  quantity: number;
  pointsTotal: bigint;
  amountMinor: bigint;
  currency: string;
  status: RedemptionStatus;
  holdTransferId: string;
  idempotencyKey: string;
  decidedByUsername: string | null;
  decidedAt: Date | null;
  rejectReason: string | null;
  createdAt: Date;
}

export type RewardInput = Omit<RewardRecord, 'id' | 'merchantCode'>;

const rewardColumns = [
  'id',
  'merchant_code',
  'reward_type',
  'name',
  'description',
  'image_url',
  'points_cost',
  'amount_minor',
  'stock',
  'needs_approval',
  'max_per_redemption',
  'active',
  'sort_order',
  'wagering_multiple',
  'free_spins_game_code',
  'free_spins_count',
  'free_spins_bet_per_line_minor',
] as const;

function freeSpinsOf(row: {
  free_spins_game_code: string | null;
  free_spins_count: number | null;
  free_spins_bet_per_line_minor: bigint | null;
}): FreeSpinsTerms | null {
  if (!row.free_spins_game_code || !row.free_spins_count || !row.free_spins_bet_per_line_minor) {
    return null;
  }
  return {
    gameCode: row.free_spins_game_code,
    spins: row.free_spins_count,
    betPerLineMinor: row.free_spins_bet_per_line_minor,
  };
}

function toReward(row: {
  id: bigint;
  merchant_code: string;
  reward_type: RewardType;
  name: string;
  description: string;
  image_url: string | null;
  points_cost: bigint;
  amount_minor: bigint;
  stock: number | null;
  needs_approval: boolean;
  max_per_redemption: number;
  active: boolean;
  sort_order: number;
  wagering_multiple: number;
  free_spins_game_code: string | null;
  free_spins_count: number | null;
  free_spins_bet_per_line_minor: bigint | null;
}): RewardRecord {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    type: row.reward_type,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    pointsCost: row.points_cost,
    amountMinor: row.amount_minor,
    stock: row.stock,
    needsApproval: row.needs_approval,
    maxPerRedemption: row.max_per_redemption,
    active: row.active,
    sortOrder: row.sort_order,
    wageringMultiple: row.wagering_multiple,
    freeSpins: freeSpinsOf(row),
  };
}

const redemptionColumns = [
  'id',
  'reference_no',
  'merchant_code',
  'member_id',
  'reward_id',
  'reward_type',
  'reward_name',
  'quantity',
  'points_total',
  'amount_minor',
  'currency',
  'status',
  'hold_transfer_id',
  'idempotency_key',
  'decided_by_username',
  'decided_at',
  'reject_reason',
  'created_at',
] as const;

function toRedemption(row: {
  id: bigint;
  reference_no: string;
  merchant_code: string;
  member_id: bigint;
  reward_id: bigint;
  reward_type: string;
  reward_name: string;
  quantity: number;
  points_total: bigint;
  amount_minor: bigint;
  currency: string;
  status: RedemptionStatus;
  hold_transfer_id: string;
  idempotency_key: string;
  decided_by_username: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  created_at: Date;
}): RedemptionRecord {
  return {
    id: row.id,
    referenceNo: row.reference_no,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    rewardId: row.reward_id,
    rewardType: row.reward_type as RewardType,
    rewardName: row.reward_name,
    quantity: row.quantity,
    pointsTotal: row.points_total,
    amountMinor: row.amount_minor,
    currency: row.currency.trim(),
    status: row.status,
    holdTransferId: row.hold_transfer_id,
    idempotencyKey: row.idempotency_key,
    decidedByUsername: row.decided_by_username,
    decidedAt: row.decided_at,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
  };
}

export function createPointsRepository(db: Db) {
  return {
    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),

    async rulesOf(
      executor: Db,
      merchantCodes: readonly string[],
    ): Promise<Map<string, PointRule[]>> {
      const rules = new Map<string, PointRule[]>();
      if (merchantCodes.length === 0) return rules;
      const rows = await executor
        .selectFrom('point_rules')
        .select(['merchant_code', 'game_category', 'unit_minor', 'points_per_unit'])
        .where('merchant_code', 'in', [...merchantCodes])
        .execute();
      for (const row of rows) {
        const list = rules.get(row.merchant_code) ?? [];
        list.push({
          gameCategory: row.game_category,
          unitMinor: row.unit_minor,
          pointsPerUnit: row.points_per_unit,
        });
        rules.set(row.merchant_code, list);
      }
      return rules;
    },

    async replaceRules(executor: Db, merchantCode: string, rules: readonly PointRule[]) {
      await executor.deleteFrom('point_rules').where('merchant_code', '=', merchantCode).execute();
      if (rules.length === 0) return;
      await executor
        .insertInto('point_rules')
        .values(
          rules.map((rule) => ({
            merchant_code: merchantCode,
            game_category: rule.gameCategory,
            unit_minor: rule.unitMinor,
            points_per_unit: rule.pointsPerUnit,
          })),
        )
        .execute();
    },

    async settings(executor: Db, merchantCode: string): Promise<PointSettings | undefined> {
      const row = await executor
        .selectFrom('point_settings')
        .select([
          'convert_enabled',
          'convert_points_step',
          'convert_cash_minor',
          'convert_min_points',
        ])
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return (
        row && {
          convertEnabled: row.convert_enabled,
          convertPointsStep: row.convert_points_step,
          convertCashMinor: row.convert_cash_minor,
          convertMinPoints: row.convert_min_points,
        }
      );
    },

    async saveSettings(executor: Db, merchantCode: string, settings: PointSettings) {
      const values = {
        convert_enabled: settings.convertEnabled,
        convert_points_step: settings.convertPointsStep,
        convert_cash_minor: settings.convertCashMinor,
        convert_min_points: settings.convertMinPoints,
      };
      await executor
        .insertInto('point_settings')
        .values({ merchant_code: merchantCode, ...values })
        .onConflict((conflict) =>
          conflict.column('merchant_code').doUpdateSet({ ...values, updated_at: sql`now()` }),
        )
        .execute();
    },

    async rewards(
      executor: Db,
      filter: {
        merchantCode: string;
        activeOnly: boolean;
        type?: RewardType | undefined;
        maxPointsCost?: bigint | undefined;
        limit: number;
        offset: number;
      },
    ): Promise<{ rows: RewardRecord[]; totalCount: number }> {
      let query = executor
        .selectFrom('point_rewards')
        .where('merchant_code', '=', filter.merchantCode);
      if (filter.activeOnly) query = query.where('active', '=', true);
      if (filter.type) query = query.where('reward_type', '=', filter.type);
      if (filter.maxPointsCost !== undefined) {
        query = query.where('points_cost', '<=', filter.maxPointsCost);
      }
      const [rows, total] = await Promise.all([
        query
          .select(rewardColumns)
          .orderBy('sort_order')
          .orderBy('id')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select(countAll().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toReward), totalCount: Number(total.count) };
    },

    async reward(
      executor: Db,
      merchantCode: string,
      id: bigint,
    ): Promise<RewardRecord | undefined> {
      const row = await executor
        .selectFrom('point_rewards')
        .select(rewardColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toReward(row);
    },

    async insertReward(
      executor: Db,
      merchantCode: string,
      input: RewardInput,
    ): Promise<RewardRecord> {
      const row = await executor
        .insertInto('point_rewards')
        .values({ merchant_code: merchantCode, ...rewardValues(input) })
        .returning(rewardColumns)
        .executeTakeFirstOrThrow();
      return toReward(row);
    },

    async updateReward(
      executor: Db,
      merchantCode: string,
      id: bigint,
      input: RewardInput,
    ): Promise<RewardRecord | undefined> {
      const row = await executor
        .updateTable('point_rewards')
        .set({ ...rewardValues(input), updated_at: sql`now()` })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .returning(rewardColumns)
        .executeTakeFirst();
      return row && toReward(row);
    },

    /**
     * Takes `quantity` units of an active reward's stock in one conditional statement: under
     * concurrent redemptions the row lock orders them and the condition refuses the one that
     * would go below zero. Unlimited rewards (stock null) always pass.
     */
    async takeStock(
      executor: Db,
      merchantCode: string,
      id: bigint,
      quantity: number,
    ): Promise<RewardRecord | undefined> {
      const row = await executor
        .updateTable('point_rewards')
        .set({ stock: sql`CASE WHEN stock IS NULL THEN NULL ELSE stock - ${quantity}::int END` })
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .where('active', '=', true)
        .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', quantity)]))
        .returning(rewardColumns)
        .executeTakeFirst();
      return row && toReward(row);
    },

    async returnStock(executor: Db, id: bigint, quantity: number): Promise<void> {
      await executor
        .updateTable('point_rewards')
        .set({ stock: sql`stock + ${quantity}::int` })
        .where('id', '=', id)
        .where('stock', 'is not', null)
        .execute();
    },

    async insertRedemption(
      executor: Db,
      record: Omit<
        RedemptionRecord,
        'id' | 'createdAt' | 'decidedByUsername' | 'decidedAt' | 'rejectReason'
      >,
    ): Promise<RedemptionRecord> {
      const row = await executor
        .insertInto('point_redemptions')
        .values({
          reference_no: record.referenceNo,
          merchant_code: record.merchantCode,
          member_id: record.memberId,
          reward_id: record.rewardId,
          reward_type: record.rewardType,
          reward_name: record.rewardName,
          quantity: record.quantity,
          points_total: record.pointsTotal,
          amount_minor: record.amountMinor,
          currency: record.currency,
          status: record.status,
          hold_transfer_id: record.holdTransferId,
          idempotency_key: record.idempotencyKey,
        })
        .returning(redemptionColumns)
        .executeTakeFirstOrThrow();
      return toRedemption(row);
    },

    async redemptionByKey(
      executor: Db,
      memberId: bigint,
      idempotencyKey: string,
    ): Promise<RedemptionRecord | undefined> {
      const row = await executor
        .selectFrom('point_redemptions')
        .select(redemptionColumns)
        .where('member_id', '=', memberId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return row && toRedemption(row);
    },

    /** Locks a redemption of the merchant for a decision. */
    async lockRedemption(
      executor: Db,
      merchantCode: string,
      id: bigint,
    ): Promise<RedemptionRecord | undefined> {
      const row = await executor
        .selectFrom('point_redemptions')
        .select(redemptionColumns)
        .where('merchant_code', '=', merchantCode)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row && toRedemption(row);
    },

    async decide(
      executor: Db,
      id: bigint,
      decision: {
        status: 'approved' | 'rejected';
        operatorId: bigint;
        operatorUsername: string;
        rejectReason: string | null;
      },
    ): Promise<RedemptionRecord> {
      const row = await executor
        .updateTable('point_redemptions')
        .set({
          status: decision.status,
          decided_by: decision.operatorId,
          decided_by_username: decision.operatorUsername,
          decided_at: sql`now()`,
          reject_reason: decision.rejectReason,
        })
        .where('id', '=', id)
        .returning(redemptionColumns)
        .executeTakeFirstOrThrow();
      return toRedemption(row);
    },

    /** A redemption delivered at once (cash and bonus rewards that need no operator). */
    async markApprovedAutomatically(executor: Db, id: bigint): Promise<RedemptionRecord> {
      const row = await executor
        .updateTable('point_redemptions')
        .set({ status: 'approved', decided_at: sql`now()` })
        .where('id', '=', id)
        .returning(redemptionColumns)
        .executeTakeFirstOrThrow();
      return toRedemption(row);
    },

    async memberRedemptions(
      executor: Db,
      filter: {
        memberId: bigint;
        status?: RedemptionStatus | undefined;
        limit: number;
        offset: number;
      },
    ): Promise<{ rows: RedemptionRecord[]; totalCount: number }> {
      let query = executor.selectFrom('point_redemptions').where('member_id', '=', filter.memberId);
      if (filter.status) query = query.where('status', '=', filter.status);
      const [rows, total] = await Promise.all([
        query
          .select(redemptionColumns)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select(countAll().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRedemption), totalCount: Number(total.count) };
    },

    /** The operators' queue query (keyset paged by the caller through `keysetPage`). */
    queueQuery(executor: Db, merchantCode: string, status: RedemptionStatus) {
      return executor
        .selectFrom('point_redemptions')
        .select(redemptionColumns)
        .where('merchant_code', '=', merchantCode)
        .where('status', '=', status);
    },
    toRedemption,
  };
}

function rewardValues(input: RewardInput) {
  return {
    reward_type: input.type,
    name: input.name,
    description: input.description,
    image_url: input.imageUrl,
    points_cost: input.pointsCost,
    amount_minor: input.amountMinor,
    stock: input.stock,
    needs_approval: input.needsApproval,
    max_per_redemption: input.maxPerRedemption,
    active: input.active,
    sort_order: input.sortOrder,
    wagering_multiple: input.wageringMultiple,
    free_spins_game_code: input.freeSpins?.gameCode ?? null,
    free_spins_count: input.freeSpins?.spins ?? null,
    free_spins_bet_per_line_minor: input.freeSpins?.betPerLineMinor ?? null,
  };
}

export type PointsRepository = ReturnType<typeof createPointsRepository>;
