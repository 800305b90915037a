import type { Db } from '../../db/database.js';
import type { VipRank } from './repository.js';

/** A merchant's club ranks and window, written once (a merchant with ranks is left alone). */
export async function seedVipRanks(
  db: Db,
  merchantCode: string,
  seed: { windowDays: number; ranks: VipRank[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('vip_settings')
      .values({ merchant_code: merchantCode, window_days: seed.windowDays })
      .onConflict((conflict) => conflict.column('merchant_code').doNothing())
      .returning('merchant_code')
      .executeTakeFirst();
    if (!inserted || seed.ranks.length === 0) return;
    await trx
      .insertInto('vip_ranks')
      .values(
        seed.ranks.map((rank) => ({
          merchant_code: merchantCode,
          rank_level: rank.rankLevel,
          name: rank.name,
          color: rank.color,
          color2: rank.color2,
          min_turnover_minor: rank.minTurnoverMinor,
          min_deposit_minor: rank.minDepositMinor,
        })),
      )
      .execute();
  });
}

const vnd = (amount: number) => BigInt(amount) * 100n;

/** The demo's five ranks over 30 days; Diamond (level 5) gets VIP customer service. Idempotent. */
export async function seedDemoVipRanks(db: Db, merchantCode: string): Promise<void> {
  await seedVipRanks(db, merchantCode, {
    windowDays: 30,
    ranks: [
      {
        rankLevel: 1,
        name: 'Bronze',
        color: '#ffffff',
        color2: '#b06d3b',
        minTurnoverMinor: vnd(100_000),
        minDepositMinor: 0n,
      },
      {
        rankLevel: 2,
        name: 'Silver',
        color: '#1f2430',
        color2: '#c0c6d0',
        minTurnoverMinor: vnd(1_000_000),
        minDepositMinor: vnd(200_000),
      },
      {
        rankLevel: 3,
        name: 'Gold',
        color: '#3b2a00',
        color2: '#f2c94c',
        minTurnoverMinor: vnd(5_000_000),
        minDepositMinor: vnd(1_000_000),
      },
      {
        rankLevel: 4,
        name: 'Platinum',
        color: '#ffffff',
        color2: '#5b7083',
        minTurnoverMinor: vnd(20_000_000),
        minDepositMinor: vnd(5_000_000),
      },
      {
        rankLevel: 5,
        name: 'Diamond',
        color: '#ffffff',
        color2: '#7b61ff',
        minTurnoverMinor: vnd(100_000_000),
        minDepositMinor: vnd(20_000_000),
      },
    ],
  });
}
