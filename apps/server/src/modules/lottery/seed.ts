import {
  ELOTT_LOTTERY_VASSALAGE,
  type GameCategory,
  type LotteryArea,
  lotteryAreaPaths,
  SEA_LOTTERY_VASSALAGE,
  VN_LOTTERY_VASSALAGE,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { createCatalogueWriter } from '../games/index.js';
import { createLotteryRepository } from './repository.js';
import type { LotteryGameRecord } from './types.js';

/** Demo limits (VND, minor units): 1.00 to 5,000,000.00 a bet; 1,000,000,000.00 owed per number. */
const DEMO_MIN_STAKE_MINOR = 100n;
const DEMO_MAX_STAKE_MINOR = 500_000_000n;
const DEMO_MAX_LIABILITY_MINOR = 100_000_000_000n;

/** The built-in lottery vendors: each area's vendor and its catalogue category. */
const lotteryVendors: Record<
  LotteryArea,
  { vassalage: string; name: string; category: GameCategory }
> = {
  VN: { vassalage: VN_LOTTERY_VASSALAGE, name: 'Vietnam Lottery', category: 'LOTT' },
  SEA: { vassalage: SEA_LOTTERY_VASSALAGE, name: 'Thai Lottery', category: 'LOTT' },
  ELOTT: { vassalage: ELOTT_LOTTERY_VASSALAGE, name: 'Quick Lottery', category: 'ELOTT' },
};

/** A lottery game as a seed writes it (its merchant, vendor and stake limits come apart). */
export type LotteryGameSeed = Omit<
  LotteryGameRecord,
  | 'id'
  | 'merchantCode'
  | 'vassalage'
  | 'nodeId'
  | 'enabled'
  | 'minStakeMinor'
  | 'maxStakeMinor'
  | 'maxLiabilityMinor'
>;

const fast = (seconds: number) => ({ kind: 'interval' as const, intervalSeconds: seconds });

/** The demo merchant's lottery games: house fast draws and operator-entered real draws. */
export const demoLotteryGames: LotteryGameSeed[] = [
  {
    gameCode: 'VN_NORTH_1M',
    area: 'VN',
    prizeMode: 'Lott',
    format: 'VN_NORTH',
    names: { EN: 'North Fast 1 min', VI: 'Miền Bắc nhanh 1 phút' },
    source: 'house',
    schedule: fast(60),
    closeOffsetSeconds: 5,
    cancelAllowed: false,
    sortOrder: 1,
  },
  {
    gameCode: 'VN_NORTH_5M',
    area: 'VN',
    prizeMode: 'Lott',
    format: 'VN_NORTH',
    names: { EN: 'North Fast 5 min', VI: 'Miền Bắc nhanh 5 phút' },
    source: 'house',
    schedule: fast(300),
    closeOffsetSeconds: 15,
    cancelAllowed: true,
    sortOrder: 2,
  },
  {
    gameCode: 'VN_SOUTH_1M',
    area: 'VN',
    prizeMode: 'Lott',
    format: 'VN_SOUTH',
    names: { EN: 'South Fast 1 min', VI: 'Miền Nam nhanh 1 phút' },
    source: 'house',
    schedule: fast(60),
    closeOffsetSeconds: 5,
    cancelAllowed: false,
    sortOrder: 3,
  },
  {
    gameCode: 'VN_NORTH_DAILY',
    area: 'VN',
    prizeMode: 'Lott',
    format: 'VN_NORTH',
    names: { EN: 'North Daily (18:15)', VI: 'Xổ số Miền Bắc (18:15)' },
    source: 'real',
    schedule: { kind: 'daily', time: '18:15', timeZone: 'Asia/Ho_Chi_Minh' },
    closeOffsetSeconds: 15 * 60,
    cancelAllowed: true,
    sortOrder: 4,
  },
  {
    gameCode: 'THAI_FAST_1M',
    area: 'SEA',
    prizeMode: 'SEA',
    format: 'THAI',
    names: { EN: 'Thai Fast 1 min', VI: 'Thái nhanh 1 phút' },
    source: 'house',
    schedule: fast(60),
    closeOffsetSeconds: 5,
    cancelAllowed: false,
    sortOrder: 1,
  },
  {
    gameCode: 'THAI_GOV',
    area: 'SEA',
    prizeMode: 'SEA',
    format: 'THAI',
    names: { EN: 'Thai Government Lottery', VI: 'Xổ số Chính phủ Thái Lan' },
    source: 'real',
    // Drawn on the 1st and 16th of each month, 15:30 Bangkok time.
    schedule: { kind: 'daily', time: '15:30', timeZone: 'Asia/Bangkok', daysOfMonth: [1, 16] },
    closeOffsetSeconds: 30 * 60,
    cancelAllowed: true,
    sortOrder: 2,
  },
  ...[1, 3, 5].map(
    (minutes): LotteryGameSeed => ({
      gameCode: `DIGIT5_${minutes}M`,
      area: 'ELOTT',
      prizeMode: 'Elott',
      format: 'DIGIT5',
      names: { EN: `Five Digits ${minutes} min`, VI: `5 số ${minutes} phút` },
      source: 'house',
      schedule: fast(minutes * 60),
      closeOffsetSeconds: 5,
      cancelAllowed: false,
      sortOrder: minutes,
    }),
  ),
  {
    gameCode: 'DICE3_1M',
    area: 'ELOTT',
    prizeMode: 'Elott',
    format: 'DICE3',
    names: { EN: 'Three Dice 1 min', VI: 'Xúc xắc 1 phút' },
    source: 'house',
    schedule: fast(60),
    closeOffsetSeconds: 5,
    cancelAllowed: false,
    sortOrder: 10,
  },
];

/** A small SVG badge with the game's short label, as a data URL (no files to serve). */
function iconOf(label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" rx="24" fill="#7a1f2b"/><text x="80" y="92" font-family="sans-serif" font-size="26" fill="#ffd36b" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Stake limits of seeded games (minor units): per bet, and owed per number of a draw. */
export interface LotteryLimitsSeed {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxLiabilityMinor: bigint;
}

/**
 * The built-in lottery vendors (TCG_LOTTO_VN and TCG_SEA in LOTT, TCG_ELOTT in ELOTT) in the
 * catalogue, with each game under its code, and these lottery games of a merchant. Idempotent.
 */
export async function seedLotteryGames(
  db: Db,
  merchantCode: string,
  games: readonly LotteryGameSeed[],
  limits: LotteryLimitsSeed,
): Promise<void> {
  const catalogue = createCatalogueWriter(db);
  const lottery = createLotteryRepository(db);
  for (const [area, vendor] of Object.entries(lotteryVendors) as [
    LotteryArea,
    (typeof lotteryVendors)[LotteryArea],
  ][]) {
    await catalogue.ensureProvider({
      code: vendor.vassalage,
      name: vendor.name,
      integration: 'builtin',
      walletMode: 'seamless',
      // Lottery games open the site's own pages (SPEC §2), never the /game frame.
      launchUrl: lotteryAreaPaths[area],
      apiSecret: null,
    });
    await catalogue.ensureVendor({ merchantCode, vassalage: vendor.vassalage, name: vendor.name });
  }
  for (const game of games) {
    const vendor = lotteryVendors[game.area];
    await catalogue.ensureGame({
      merchantCode,
      vassalage: vendor.vassalage,
      gameCode: game.gameCode,
      gameType: vendor.category,
      gameClassify: game.format,
      minBetMinor: limits.minStakeMinor,
      iconUrl: iconOf(game.gameCode.split('_')[0] ?? game.gameCode),
      sortOrder: game.sortOrder,
      texts: Object.fromEntries(
        Object.entries(game.names).map(([language, name]) => [language, { name }]),
      ),
    });
    await lottery.insertGame({ ...game, merchantCode, vassalage: vendor.vassalage, ...limits });
  }
}

/** The demo merchant's lottery vendors and games. Idempotent. */
export async function seedDemoLottery(db: Db, merchantCode: string): Promise<void> {
  await seedLotteryGames(db, merchantCode, demoLotteryGames, {
    minStakeMinor: DEMO_MIN_STAKE_MINOR,
    maxStakeMinor: DEMO_MAX_STAKE_MINOR,
    maxLiabilityMinor: DEMO_MAX_LIABILITY_MINOR,
  });
}
