import type { Db } from '../../db/database.js';
import { countAll } from '../../db/sql-numbers.js';
import { createMissionsRepository, type MissionValues } from './repository.js';

/** The demo merchant's missions (VND, minor units): daily, weekly and one-off goals. */
export const DEMO_MISSIONS: readonly MissionValues[] = [
  {
    period: 'daily',
    goalKind: 'bet-count',
    gameCategory: 'INHOUSE',
    target: 3n,
    rewardKind: 'cash',
    rewardAmount: 500_000n,
    titles: {
      EN: 'Play 3 in-house rounds (Dice, Mines, Plinko)',
      VI: 'Chơi 3 ván trò chơi nội bộ (Xúc xắc, Dò mìn, Plinko)',
      CN: '玩 3 局自营游戏（骰子、扫雷、弹珠）',
    },
    sortOrder: 1,
  },
  {
    period: 'daily',
    goalKind: 'wager',
    gameCategory: 'RNG',
    target: 20_000_000n,
    rewardKind: 'cash',
    rewardAmount: 1_000_000n,
    titles: { EN: 'Wager 200,000 on slots today', VI: 'Cược 200.000 vào slot hôm nay' },
    sortOrder: 2,
  },
  {
    period: 'weekly',
    goalKind: 'deposit',
    gameCategory: null,
    target: 50_000_000n,
    rewardKind: 'cash',
    rewardAmount: 2_000_000n,
    titles: { EN: 'Deposit 500,000 this week', VI: 'Nạp 500.000 trong tuần này' },
    sortOrder: 3,
  },
  {
    period: 'weekly',
    goalKind: 'login-streak',
    gameCategory: null,
    target: 3n,
    rewardKind: 'cash',
    rewardAmount: 500_000n,
    titles: { EN: 'Log in 3 days in a row', VI: 'Đăng nhập 3 ngày liên tiếp' },
    sortOrder: 4,
  },
  {
    period: 'once',
    goalKind: 'win-multiplier',
    gameCategory: null,
    target: 1_000n,
    rewardKind: 'cash',
    rewardAmount: 5_000_000n,
    titles: {
      EN: 'Win 10x your stake in one round',
      VI: 'Thắng gấp 10 lần tiền cược trong một ván',
    },
    sortOrder: 5,
  },
];

/** Adds the demo missions to a merchant that has none (idempotent; edited missions stay). */
export async function seedDemoMissions(db: Db, merchantCode: string): Promise<void> {
  const existing = await db
    .selectFrom('missions')
    .select(countAll().as('count'))
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirstOrThrow();
  if (existing.count > 0) return;
  const repository = createMissionsRepository(db);
  for (const mission of DEMO_MISSIONS) await repository.insert(merchantCode, mission);
}
