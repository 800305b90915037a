import {
  defaultStakeProfileOf,
  type GameCategory,
  type PvpRoomTier,
  pvpRoomStakesOf,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { sanitizeOperatorHtml } from '../content/index.js';
import { DICE_DUEL_ROOM_NAMES, nameTextsOf, SANDBOX_GAME_NAMES } from './demo-game-names.js';
import {
  coinFlipIcon,
  diceDuelIcon,
  hiLoIcon,
  luckyWheelIcon,
  tableGamesIcon,
} from './demo-icons.js';
import { createGamesRepository } from './repository.js';

/** The sandbox provider (a fake outside provider served by this project, see seamless protocol). */
export const SANDBOX_PROVIDER_CODE = 'SBX';
export const SANDBOX_PROVIDER_LAUNCH_PATH = '/sandbox-provider/play';
/** The code of the VASSALAGE entry whose popup lists the sandbox table games. */
export const SANDBOX_TABLE_GAMES_CODE = 'table-games';

/** One game of the sandbox provider (its code must be one the provider serves). */
export interface SandboxGameSeed {
  gameCode: string;
  gameType: GameCategory;
  gameClassify: string;
  iconUrl: string;
  rtpBp: number | null;
  isHot: boolean;
  isNew: boolean;
  /** Listed in the popup of the table-games entry as well as on its own. */
  inTableGames: boolean;
  texts: Record<'EN' | 'VI', { name: string; rules: string }>;
}

const demoGames: SandboxGameSeed[] = [
  {
    gameCode: 'coin-flip',
    gameType: 'RNG',
    gameClassify: 'classic',
    iconUrl: coinFlipIcon,
    rtpBp: 9800,
    isHot: true,
    isNew: false,
    inTableGames: false,
    texts: {
      EN: {
        name: 'Coin Flip',
        rules:
          '<p>Pick heads or tails and place your stake.</p><ul><li>Right call: you win 1.96 times your stake.</li><li>Wrong call: the stake is lost.</li></ul>',
      },
      VI: {
        name: 'Tung Đồng Xu',
        rules:
          '<p>Chọn mặt sấp hoặc mặt ngửa rồi đặt cược.</p><ul><li>Đoán đúng: nhận 1,96 lần tiền cược.</li><li>Đoán sai: mất tiền cược.</li></ul>',
      },
    },
  },
  {
    gameCode: 'lucky-wheel',
    gameType: 'RNG',
    gameClassify: 'wheel',
    iconUrl: luckyWheelIcon,
    rtpBp: 9600,
    isHot: false,
    isNew: true,
    inTableGames: false,
    texts: {
      EN: {
        name: 'Lucky Wheel',
        rules:
          '<p>Spin the wheel; the slice under the pointer sets your multiplier.</p><p>Every slice and its chance is shown before you spin.</p>',
      },
      VI: {
        name: 'Vòng Quay May Mắn',
        rules:
          '<p>Quay vòng quay; ô dừng dưới kim chỉ quyết định hệ số thưởng.</p><p>Mỗi ô và xác suất của nó được hiển thị trước khi quay.</p>',
      },
    },
  },
  {
    gameCode: 'hi-lo',
    gameType: 'RNG',
    gameClassify: 'cards',
    iconUrl: hiLoIcon,
    rtpBp: 9700,
    isHot: false,
    isNew: false,
    inTableGames: true,
    texts: {
      EN: {
        name: 'Hi-Lo',
        rules:
          '<p>A card is shown. Guess whether the next card is higher or lower.</p><p>The less likely your guess, the more it pays (the payout is the chance less a 3% edge); an equal card loses.</p>',
      },
      VI: {
        name: 'Cao Thấp',
        rules:
          '<p>Một lá bài được lật. Đoán lá tiếp theo cao hơn hay thấp hơn.</p><p>Dự đoán càng khó xảy ra thì trả thưởng càng cao (theo xác suất, trừ 3% lợi thế nhà cái); lá bằng nhau là thua.</p>',
      },
    },
  },
  {
    gameCode: 'dice-duel',
    gameType: 'PVP',
    gameClassify: 'dice',
    iconUrl: diceDuelIcon,
    // One die each against the house: a higher die pays 1.95x (5/12), a tie returns the stake (1/6).
    rtpBp: 9792,
    isHot: true,
    isNew: true,
    inTableGames: true,
    texts: {
      EN: {
        name: 'Dice Duel',
        rules:
          '<p>You and the house each roll one die: a higher die pays 1.95 times the stake, a tie gives the stake back.</p><p>Choose a table by its stakes.</p>',
      },
      VI: {
        name: 'Đấu Xúc Xắc',
        rules:
          '<p>Bạn và nhà cái mỗi bên gieo một viên xúc xắc: điểm cao hơn trả 1,95 lần tiền cược, hòa thì hoàn lại tiền cược.</p><p>Chọn bàn theo mức cược.</p>',
      },
    },
  },
];

/** The dice-duel tables: two seats each, one per stake level of the currency's profile. */
const diceDuelRooms: ReadonlyArray<{ suffix: string; en: string; vi: string; tier: PvpRoomTier }> =
  [
    { suffix: '1', en: 'Bronze table', vi: 'Bàn Đồng', tier: 'bronze' },
    { suffix: '2', en: 'Silver table', vi: 'Bàn Bạc', tier: 'silver' },
    { suffix: '3', en: 'Gold table', vi: 'Bàn Vàng', tier: 'gold' },
  ];
const DICE_DUEL_SEATS = 2;

/** A PvP room of one of the sandbox provider's games. */
export interface SandboxRoomSeed {
  roomId: string;
  gameCode: string;
  names: Record<'EN' | 'VI', string>;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  seats: number;
}

/** What a merchant's sandbox catalogue holds: its games, the table-games entry and the rooms. */
export interface SandboxCatalogueSeed {
  /** Smallest stake of every game, in minor units. */
  minBetMinor: bigint;
  tableGames: { iconUrl: string; names: Record<'EN' | 'VI', string> };
  games: readonly SandboxGameSeed[];
  rooms: readonly SandboxRoomSeed[];
}

/**
 * The demo's sandbox catalogue in a currency: four games, the table-games entry and three
 * dice-duel tables whose stakes come from the currency's stake profile (VND: bronze 1,000 ₫ to
 * 100,000 ₫, silver ten times, gold a hundred times), as the sandbox provider's own tables do.
 */
export function demoSandboxCatalogueOf(currency: string): SandboxCatalogueSeed {
  const profile = defaultStakeProfileOf(currency);
  return {
    minBetMinor: BigInt(profile.minStakeMinor),
    tableGames: {
      iconUrl: tableGamesIcon,
      names: { EN: 'Sandbox Table Games', VI: 'Bàn Chơi Sandbox' },
    },
    games: demoGames,
    rooms: diceDuelRooms.map((room) => {
      const stakes = pvpRoomStakesOf(profile, room.tier);
      return {
        roomId: `dice-duel-${room.suffix}`,
        gameCode: 'dice-duel',
        names: { EN: room.en, VI: room.vi, ...DICE_DUEL_ROOM_NAMES[room.tier] },
        minBetMinor: BigInt(stakes.minBetMinor),
        maxBetMinor: BigInt(stakes.maxBetMinor),
        seats: DICE_DUEL_SEATS,
      };
    }),
  };
}

/**
 * The demo catalogue of a merchant: the sandbox provider `SBX` (an outside http provider run
 * by this project, seamless wallet) as a vendor with its four games, the dice-duel rooms and a
 * VASSALAGE entry whose popup lists hi-lo and dice-duel, signed with `sandboxProviderSecret`
 * (the sandbox provider's own).
 */
export async function seedDemoCatalogue(
  db: Db,
  merchantCode: string,
  sandboxProviderSecret: string,
  currency: string,
): Promise<void> {
  await seedSandboxCatalogue(
    db,
    merchantCode,
    sandboxProviderSecret,
    demoSandboxCatalogueOf(currency),
  );
}

/**
 * A merchant's catalogue of the sandbox provider `SBX` as `seed` describes it: the provider
 * (signed with `sandboxProviderSecret`), its vendor, the VASSALAGE table-games entry whose popup
 * lists the games marked `inTableGames`, the games and their rooms. Idempotent: a second run
 * changes nothing (the provider's secret, once stored, is kept).
 */
export async function seedSandboxCatalogue(
  db: Db,
  merchantCode: string,
  sandboxProviderSecret: string,
  seed: SandboxCatalogueSeed,
): Promise<void> {
  const repository = createGamesRepository(db);
  await repository.ensureProvider({
    code: SANDBOX_PROVIDER_CODE,
    name: 'Sandbox Games',
    integration: 'http',
    walletMode: 'seamless',
    launchUrl: SANDBOX_PROVIDER_LAUNCH_PATH,
    apiSecret: sandboxProviderSecret,
  });
  await repository.ensureVendor({
    merchantCode,
    vassalage: SANDBOX_PROVIDER_CODE,
    name: 'Sandbox Games',
    isNew: true,
  });
  // The entry first: its sub-games name it as their parent.
  const tableGamesNodeId = await repository.ensureGame({
    merchantCode,
    vassalage: SANDBOX_PROVIDER_CODE,
    gameCode: SANDBOX_TABLE_GAMES_CODE,
    gameType: 'RNG',
    gameClassify: 'table',
    isGame: 'VASSALAGE',
    minBetMinor: seed.minBetMinor,
    iconUrl: seed.tableGames.iconUrl,
    sortOrder: seed.games.length,
    texts: {
      ...nameTextsOf(SANDBOX_GAME_NAMES[SANDBOX_TABLE_GAMES_CODE]),
      EN: { name: seed.tableGames.names.EN },
      VI: { name: seed.tableGames.names.VI },
    },
  });
  const nodeIds = new Map<string, number>();
  for (const [index, game] of seed.games.entries()) {
    const nodeId = await repository.ensureGame({
      merchantCode,
      vassalage: SANDBOX_PROVIDER_CODE,
      gameCode: game.gameCode,
      gameType: game.gameType,
      gameClassify: game.gameClassify,
      parentNodeId: game.inTableGames ? tableGamesNodeId : null,
      minBetMinor: seed.minBetMinor,
      iconUrl: game.iconUrl,
      rtpBp: game.rtpBp,
      isHot: game.isHot,
      isNew: game.isNew,
      sortOrder: index,
      texts: {
        ...nameTextsOf(SANDBOX_GAME_NAMES[game.gameCode]),
        EN: { name: game.texts.EN.name, rulesHtml: sanitizeOperatorHtml(game.texts.EN.rules) },
        VI: { name: game.texts.VI.name, rulesHtml: sanitizeOperatorHtml(game.texts.VI.rules) },
      },
    });
    nodeIds.set(game.gameCode, nodeId);
  }
  for (const [index, room] of seed.rooms.entries()) {
    const nodeId = nodeIds.get(room.gameCode);
    if (nodeId === undefined)
      throw new Error(`room ${room.roomId}: ${room.gameCode} was not seeded`);
    await repository.ensurePvpRoom({
      merchantCode,
      roomId: room.roomId,
      nodeId,
      names: room.names,
      minBetMinor: room.minBetMinor,
      maxBetMinor: room.maxBetMinor,
      seats: room.seats,
      sortOrder: index,
    });
  }
}
