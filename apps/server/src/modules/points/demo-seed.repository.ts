import { builtinGameCodes } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { PointRule, PointSettings, RewardInput } from './repository.js';

/** A merchant's points set-up: earning rules, conversion, the catalogue. */
export interface PointsSeed {
  rules: PointRule[];
  settings: PointSettings;
  rewards: RewardInput[];
}

/** Writes a merchant's points set-up once: a merchant that has settings already is left alone. */
export async function seedPoints(db: Db, merchantCode: string, seed: PointsSeed): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('point_settings')
      .values({
        merchant_code: merchantCode,
        convert_enabled: seed.settings.convertEnabled,
        convert_points_step: seed.settings.convertPointsStep,
        convert_cash_minor: seed.settings.convertCashMinor,
        convert_min_points: seed.settings.convertMinPoints,
      })
      .onConflict((conflict) => conflict.column('merchant_code').doNothing())
      .returning('merchant_code')
      .executeTakeFirst();
    if (!inserted) return;
    if (seed.rules.length > 0) {
      await trx
        .insertInto('point_rules')
        .values(
          seed.rules.map((rule) => ({
            merchant_code: merchantCode,
            game_category: rule.gameCategory,
            unit_minor: rule.unitMinor,
            points_per_unit: rule.pointsPerUnit,
          })),
        )
        .execute();
    }
    if (seed.rewards.length > 0) {
      await trx
        .insertInto('point_rewards')
        .values(
          seed.rewards.map((reward) => ({
            merchant_code: merchantCode,
            reward_type: reward.type,
            name: reward.name,
            description: reward.description,
            image_url: reward.imageUrl,
            points_cost: reward.pointsCost,
            amount_minor: reward.amountMinor,
            stock: reward.stock,
            needs_approval: reward.needsApproval,
            max_per_redemption: reward.maxPerRedemption,
            active: reward.active,
            sort_order: reward.sortOrder,
            wagering_multiple: reward.wageringMultiple,
            free_spins_game_code: reward.freeSpins?.gameCode ?? null,
            free_spins_count: reward.freeSpins?.spins ?? null,
            free_spins_bet_per_line_minor: reward.freeSpins?.betPerLineMinor ?? null,
          })),
        )
        .execute();
    }
  });
}

/** The demo's bonus rewards and free-spin winnings are wagered this many times. */
const DEMO_WAGERING_MULTIPLE = 5;

/** VND in minor units (two decimals). */
const vnd = (amount: number) => BigInt(amount) * 100n;

function reward(
  sortOrder: number,
  fields: Pick<
    RewardInput,
    'type' | 'name' | 'description' | 'pointsCost' | 'amountMinor' | 'stock' | 'needsApproval'
  > &
    Partial<Pick<RewardInput, 'maxPerRedemption' | 'freeSpins'>>,
): RewardInput {
  return {
    imageUrl: null,
    active: true,
    maxPerRedemption: 5,
    sortOrder,
    wageringMultiple: DEMO_WAGERING_MULTIPLE,
    freeSpins: null,
    ...fields,
  };
}

/**
 * The demo's point mall: a point per 1,000 VND of valid bet (two on the lottery), 100 points to
 * 1,000 VND, and a catalogue of each reward type, goods with a small stock. Idempotent.
 */
export async function seedDemoPoints(db: Db, merchantCode: string): Promise<void> {
  await seedPoints(db, merchantCode, {
    rules: [
      { gameCategory: '*', unitMinor: vnd(1_000), pointsPerUnit: 1n },
      { gameCategory: 'LOTT', unitMinor: vnd(1_000), pointsPerUnit: 2n },
    ],
    settings: {
      convertEnabled: true,
      convertPointsStep: 100n,
      convertCashMinor: vnd(1_000),
      convertMinPoints: 100n,
    },
    rewards: [
      reward(1, {
        type: 'cash',
        name: '10,000 VND cash',
        description: 'Paid into your wallet at once.',
        pointsCost: 500n,
        amountMinor: vnd(10_000),
        stock: null,
        needsApproval: false,
      }),
      reward(2, {
        type: 'bonus',
        name: '20,000 VND bonus',
        description: 'A bonus for your next games.',
        pointsCost: 900n,
        amountMinor: vnd(20_000),
        stock: null,
        needsApproval: false,
      }),
      reward(3, {
        type: 'free_spins',
        name: '10 free spins on Jade Dragon',
        description: 'Ready on the slot at once: 10 spins of 2,000 VND, wins go to your bonus.',
        pointsCost: 300n,
        amountMinor: 0n,
        stock: null,
        needsApproval: false,
        freeSpins: { gameCode: builtinGameCodes.jadeDragon, spins: 10, betPerLineMinor: vnd(100) },
      }),
      reward(4, {
        type: 'goods',
        name: 'Club T-shirt',
        description: 'Cotton, one size. We contact you for delivery.',
        pointsCost: 2_000n,
        amountMinor: 0n,
        stock: 25,
        needsApproval: true,
        maxPerRedemption: 2,
      }),
      reward(5, {
        type: 'goods',
        name: 'Wireless headphones',
        description: 'Limited stock. We contact you for delivery.',
        pointsCost: 8_000n,
        amountMinor: 0n,
        stock: 5,
        needsApproval: true,
        maxPerRedemption: 1,
      }),
    ],
  });
}
