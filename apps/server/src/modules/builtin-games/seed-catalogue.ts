import {
  BUILTIN_PLAY_PATH_PREFIX,
  BUILTIN_VASSALAGE,
  builtinGameCodes,
  type GameCategory,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { sanitizeOperatorHtml } from '../content/index.js';
import { createCatalogueWriter } from '../games/index.js';
import { builtinNameTextsOf } from './demo-game-names.js';
import { diceIcon, jadeDragonIcon, minesIcon, neonFruitsIcon, plinkoIcon } from './icons.js';

/** Smallest stake the lobby shows for the built-in games: 0.10 (the limits decide in play). */
const BUILTIN_MIN_BET_MINOR = 10n;
/** Paylines of each slot (the lobby's `minLineNum`), from the game's maths. */
const JADE_DRAGON_LINES = 20;
const NEON_FRUITS_LINES = 25;

interface BuiltinCatalogueGame {
  gameCode: string;
  gameType: GameCategory;
  gameClassify: string;
  iconUrl: string;
  rtpBp: number;
  isHot: boolean;
  isNew: boolean;
  minLineNum: number;
  texts: Record<'EN' | 'VI', { name: string; rules: string }>;
}

const fairEn = '<p>Provably fair: every round can be checked on the verify page.</p>';
const fairVi = '<p>Công bằng có thể kiểm chứng: mọi ván đều kiểm tra được ở trang xác minh.</p>';

const builtinCatalogue: BuiltinCatalogueGame[] = [
  {
    gameCode: builtinGameCodes.jadeDragon,
    gameType: 'RNG',
    gameClassify: 'slots',
    iconUrl: jadeDragonIcon,
    rtpBp: 9600,
    isHot: true,
    isNew: true,
    minLineNum: JADE_DRAGON_LINES,
    texts: {
      EN: {
        name: 'Jade Dragon',
        rules: `<p>A 5x3 video slot with ${JADE_DRAGON_LINES} paylines, wilds, scatters and free spins that can retrigger.</p><p>Return to player: 96.00%.</p>${fairEn}`,
      },
      VI: {
        name: 'Rồng Ngọc',
        rules: `<p>Máy quay 5x3 với ${JADE_DRAGON_LINES} đường thắng, biểu tượng wild, scatter và vòng quay miễn phí có thể kích hoạt lại.</p><p>Tỷ lệ hoàn trả: 96,00%.</p>${fairVi}`,
      },
    },
  },
  {
    gameCode: builtinGameCodes.neonFruits,
    gameType: 'RNG',
    gameClassify: 'slots',
    iconUrl: neonFruitsIcon,
    rtpBp: 9650,
    isHot: false,
    isNew: true,
    minLineNum: NEON_FRUITS_LINES,
    texts: {
      EN: {
        name: 'Neon Fruits',
        rules: `<p>A 5x3 fruit slot with ${NEON_FRUITS_LINES} paylines, wilds, scatters and free spins that can retrigger.</p><p>Return to player: 96.50%.</p>${fairEn}`,
      },
      VI: {
        name: 'Trái Cây Neon',
        rules: `<p>Máy quay trái cây 5x3 với ${NEON_FRUITS_LINES} đường thắng, wild, scatter và vòng quay miễn phí có thể kích hoạt lại.</p><p>Tỷ lệ hoàn trả: 96,50%.</p>${fairVi}`,
      },
    },
  },
  {
    gameCode: builtinGameCodes.dice,
    gameType: 'INHOUSE',
    gameClassify: 'dice',
    iconUrl: diceIcon,
    rtpBp: 9900,
    isHot: true,
    isNew: false,
    minLineNum: 1,
    texts: {
      EN: {
        name: 'Dice',
        rules: `<p>Pick a target and roll over or under it. The lower the chance, the higher the payout; the house edge is 1%.</p>${fairEn}`,
      },
      VI: {
        name: 'Xúc Xắc',
        rules: `<p>Chọn một mốc rồi đặt cược kết quả lớn hơn hoặc nhỏ hơn. Xác suất càng thấp, tiền thưởng càng cao; lợi thế nhà cái là 1%.</p>${fairVi}`,
      },
    },
  },
  {
    gameCode: builtinGameCodes.mines,
    gameType: 'INHOUSE',
    gameClassify: 'mines',
    iconUrl: minesIcon,
    rtpBp: 9900,
    isHot: true,
    isNew: true,
    minLineNum: 1,
    texts: {
      EN: {
        name: 'Mines',
        rules: `<p>Choose how many mines hide in the 5x5 grid, reveal gems and cash out at any time. A mine ends the round.</p>${fairEn}`,
      },
      VI: {
        name: 'Dò Mìn',
        rules: `<p>Chọn số mìn ẩn trong lưới 5x5, lật ô tìm đá quý và rút tiền bất cứ lúc nào. Lật trúng mìn là kết thúc ván.</p>${fairVi}`,
      },
    },
  },
  {
    gameCode: builtinGameCodes.plinko,
    gameType: 'INHOUSE',
    gameClassify: 'plinko',
    iconUrl: plinkoIcon,
    rtpBp: 9900,
    isHot: false,
    isNew: true,
    minLineNum: 1,
    texts: {
      EN: {
        name: 'Plinko',
        rules: `<p>Pick the rows and the risk, drop the ball and win the multiplier of the slot it lands in.</p>${fairEn}`,
      },
      VI: {
        name: 'Plinko',
        rules: `<p>Chọn số hàng và mức rủi ro, thả bóng và nhận hệ số của ô bóng rơi vào.</p>${fairVi}`,
      },
    },
  },
];

/**
 * The built-in provider `INH` (integration builtin, seamless wallet, launched on this very site
 * at `/play?token=..`; the play page then shows `/play/<gameCode>`) offered to `merchantCode`
 * as a vendor with its five games. Idempotent: existing rows are kept as they are.
 */
export async function seedBuiltinCatalogue(db: Db, merchantCode: string): Promise<void> {
  const catalogue = createCatalogueWriter(db);
  await catalogue.ensureProvider({
    code: BUILTIN_VASSALAGE,
    name: 'In-house Games',
    integration: 'builtin',
    walletMode: 'seamless',
    launchUrl: BUILTIN_PLAY_PATH_PREFIX,
    // In-process: never called over HTTP, so it has no secret.
    apiSecret: null,
  });
  await catalogue.ensureVendor({
    merchantCode,
    vassalage: BUILTIN_VASSALAGE,
    name: 'In-house Games',
    isHot: true,
    isNew: true,
    // After the sandbox vendor in RNG: the demo's existing order (and its tests) stay as they were.
    sortOrder: 1,
  });
  for (const [index, game] of builtinCatalogue.entries()) {
    await catalogue.ensureGame({
      merchantCode,
      vassalage: BUILTIN_VASSALAGE,
      gameCode: game.gameCode,
      gameType: game.gameType,
      gameClassify: game.gameClassify,
      minBetMinor: BUILTIN_MIN_BET_MINOR,
      minLineNum: game.minLineNum,
      iconUrl: game.iconUrl,
      rtpBp: game.rtpBp,
      isHot: game.isHot,
      isNew: game.isNew,
      sortOrder: index,
      texts: {
        ...builtinNameTextsOf(game.gameCode),
        EN: { name: game.texts.EN.name, rulesHtml: sanitizeOperatorHtml(game.texts.EN.rules) },
        VI: { name: game.texts.VI.name, rulesHtml: sanitizeOperatorHtml(game.texts.VI.rules) },
      },
    });
  }
}
