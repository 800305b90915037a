import { builtinGameCodes } from '@app/contract';

/**
 * The built-in games' names in the merchant's other languages (issue 22 item 15), beside the
 * English and Vietnamese of `seed-catalogue.ts`. Only names: each game's rules are the site's
 * own translated texts. TY has none on purpose: it is the operator's own language
 * (docs/site-languages.md), so the console marks it as missing.
 */
const BUILTIN_GAME_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [builtinGameCodes.jadeDragon]: {
    CN: '翡翠龙',
    ID: 'Naga Giok',
    PT: 'Dragão de Jade',
    'PT-BR': 'Dragão de Jade',
    TH: 'มังกรหยก',
  },
  [builtinGameCodes.neonFruits]: {
    CN: '霓虹水果',
    ID: 'Buah Neon',
    PT: 'Frutas Neon',
    'PT-BR': 'Frutas Neon',
    TH: 'ผลไม้นีออน',
  },
  [builtinGameCodes.dice]: { CN: '骰子', ID: 'Dadu', PT: 'Dados', 'PT-BR': 'Dados', TH: 'ลูกเต๋า' },
  [builtinGameCodes.mines]: {
    CN: '扫雷',
    ID: 'Ranjau',
    PT: 'Minas',
    'PT-BR': 'Minas',
    TH: 'กู้ระเบิด',
  },
  // A brand name: the same word in every language, as Vietnamese has it.
  [builtinGameCodes.plinko]: {
    CN: 'Plinko',
    ID: 'Plinko',
    PT: 'Plinko',
    'PT-BR': 'Plinko',
    TH: 'Plinko',
  },
};

/** The game's texts in the other languages: the name alone. */
export function builtinNameTextsOf(gameCode: string): Record<string, { name: string }> {
  return Object.fromEntries(
    Object.entries(BUILTIN_GAME_NAMES[gameCode] ?? {}).map(([language, name]) => [
      language,
      { name },
    ]),
  );
}
