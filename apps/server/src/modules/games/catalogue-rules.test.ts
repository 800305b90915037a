import { describe, expect, it } from 'vitest';
import {
  buildCategories,
  containsPattern,
  effectiveCategory,
  escapeLike,
  foldSearchText,
  maskAccount,
  multiplierOf,
  pickName,
  type VendorCategoryCount,
} from './catalogue-rules.js';

function row(
  vassalage: string,
  gameType: VendorCategoryCount['gameType'],
  gameCount: number,
): VendorCategoryCount {
  return { vassalage, name: `${vassalage} name`, isHot: false, isNew: false, gameType, gameCount };
}

describe('effectiveCategory', () => {
  it('shows sports games of the esports vendors as ESPORTS, and nothing else moves', () => {
    for (const vendor of ['AV', 'AI', 'IMES', 'TF', 'IA']) {
      expect(effectiveCategory('SPORTS', vendor)).toBe('ESPORTS');
      expect(effectiveCategory('RNG', vendor)).toBe('RNG');
    }
    expect(effectiveCategory('SPORTS', 'SABA')).toBe('SPORTS');
    expect(effectiveCategory('ESPORTS', 'SABA')).toBe('ESPORTS');
  });
});

describe('buildCategories', () => {
  it('lists only categories with a vendor, in the order of the categories', () => {
    const menus = buildCategories([
      row('SBX', 'RNG', 3),
      row('EVO', 'LIVE', 2),
      row('SBX', 'PVP', 1),
    ]);
    expect(menus.map((menu) => menu.gameCategory)).toEqual(['LIVE', 'RNG', 'PVP']);
    expect(menus[1]?.cards).toEqual([
      { vassalage: 'SBX', name: 'SBX name', isHot: false, isNew: false, gameCount: 3 },
    ]);
  });

  it('splits the sports cards of the esports vendors into ESPORTS', () => {
    const menus = buildCategories([
      row('SABA', 'SPORTS', 4),
      row('TF', 'SPORTS', 2),
      row('IA', 'SPORTS', 1),
    ]);
    expect(
      menus.map((menu) => [menu.gameCategory, menu.cards.map((card) => card.vassalage)]),
    ).toEqual([
      ['SPORTS', ['SABA']],
      ['ESPORTS', ['TF', 'IA']],
    ]);
  });

  it('merges an esports vendor whose SPORTS and ESPORTS games both land in ESPORTS', () => {
    const menus = buildCategories([row('AV', 'ESPORTS', 2), row('AV', 'SPORTS', 3)]);
    expect(menus).toHaveLength(1);
    expect(menus[0]?.cards).toEqual([expect.objectContaining({ vassalage: 'AV', gameCount: 5 })]);
  });

  it('leaves out a category whose only vendor has no game, and an empty catalogue is empty', () => {
    expect(buildCategories([row('SBX', 'FISH', 0)])).toEqual([]);
    expect(buildCategories([])).toEqual([]);
  });
});

describe('pickName', () => {
  const names = { EN: 'Dice Duel', VI: 'Đấu Xúc Xắc' };
  it('takes the requested language, else the default, else the first language', () => {
    expect(pickName(names, 'VI', 'EN')).toBe('Đấu Xúc Xắc');
    expect(pickName(names, 'TH', 'EN')).toBe('Dice Duel');
    expect(pickName({ VI: 'Cao Thấp', ID: 'Tinggi Rendah' }, 'TH', 'EN')).toBe('Tinggi Rendah');
    expect(pickName({}, 'EN', 'EN')).toBe('');
  });
});

describe('search text', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_sure\\')).toBe('100\\%\\_sure\\\\');
    expect(containsPattern('a%b')).toBe('%a\\%b%');
  });

  it('folds case, accents, tone marks and đ alike', () => {
    expect(foldSearchText('Đấu Xúc Xắc')).toBe('dau xuc xac');
    expect(foldSearchText('  XÚC   xắc ')).toBe('xuc xac');
    expect(foldSearchText('Hi-Lo')).toBe('hi-lo');
  });
});

describe('the winner board', () => {
  it('masks accounts and computes multipliers', () => {
    expect(maskAccount('abcdef9')).toBe('ab***9');
    expect(maskAccount('abcd')).toBe('ab***d');
    expect(maskAccount('abc')).toBe('a***');
    expect(multiplierOf(1_960n, 1_000n)).toBe(1.96);
    expect(multiplierOf(500n, 0n)).toBe(0);
  });
});
