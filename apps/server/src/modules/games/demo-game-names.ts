/**
 * The demo catalogue's names in the merchant's other languages (issue 22 item 15): a Thai or
 * Chinese player sees the games in their language, not in English. Only names: the rules stay
 * in English and Vietnamese (the sandbox games show their own). TY has none on purpose: it is
 * the operator's own language (docs/site-languages.md), so the console marks it as missing.
 */
export type DemoNameLanguage = 'CN' | 'ID' | 'PT' | 'PT-BR' | 'TH';
export type DemoNames = Readonly<Record<DemoNameLanguage, string>>;

/** The sandbox provider's demo games and its table-games entry, by game code. */
export const SANDBOX_GAME_NAMES: Readonly<Record<string, DemoNames>> = {
  'coin-flip': {
    CN: '抛硬币',
    ID: 'Lempar Koin',
    PT: 'Cara ou Coroa',
    'PT-BR': 'Cara ou Coroa',
    TH: 'โยนเหรียญ',
  },
  'lucky-wheel': {
    CN: '幸运转盘',
    ID: 'Roda Keberuntungan',
    PT: 'Roda da Sorte',
    'PT-BR': 'Roda da Sorte',
    TH: 'วงล้อนำโชค',
  },
  'hi-lo': {
    CN: '比大小',
    ID: 'Tinggi Rendah',
    PT: 'Maior ou Menor',
    'PT-BR': 'Maior ou Menor',
    TH: 'ไพ่สูงต่ำ',
  },
  'dice-duel': {
    CN: '骰子对决',
    ID: 'Duel Dadu',
    PT: 'Duelo de Dados',
    'PT-BR': 'Duelo de Dados',
    TH: 'ดวลลูกเต๋า',
  },
  'table-games': {
    CN: '沙盒桌面游戏',
    ID: 'Permainan Meja Sandbox',
    PT: 'Jogos de Mesa Sandbox',
    'PT-BR': 'Jogos de Mesa Sandbox',
    TH: 'เกมโต๊ะแซนด์บ็อกซ์',
  },
};

/** The dice-duel tables, by stake tier. */
export const DICE_DUEL_ROOM_NAMES: Readonly<Record<'bronze' | 'silver' | 'gold', DemoNames>> = {
  bronze: {
    CN: '铜桌',
    ID: 'Meja Perunggu',
    PT: 'Mesa de Bronze',
    'PT-BR': 'Mesa de Bronze',
    TH: 'โต๊ะทองแดง',
  },
  silver: {
    CN: '银桌',
    ID: 'Meja Perak',
    PT: 'Mesa de Prata',
    'PT-BR': 'Mesa de Prata',
    TH: 'โต๊ะเงิน',
  },
  gold: { CN: '金桌', ID: 'Meja Emas', PT: 'Mesa de Ouro', 'PT-BR': 'Mesa de Ouro', TH: 'โต๊ะทอง' },
};

/** Game texts of the other languages: the name alone (an empty rule falls back). */
export function nameTextsOf(names: DemoNames | undefined): Record<string, { name: string }> {
  return Object.fromEntries(
    Object.entries(names ?? {}).map(([language, name]) => [language, { name }]),
  );
}
