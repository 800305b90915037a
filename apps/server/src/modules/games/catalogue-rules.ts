import {
  ESPORTS_VENDORS,
  type GameCategory,
  gameCategories,
  type VendorCategory,
} from '@app/contract';

/**
 * The catalogue's pure rules: which category a game is shown in, how the menus are built,
 * which name a game shows, how a search term becomes a LIKE pattern. No I/O.
 */

/** Sports games of the esports vendors are shown as ESPORTS (SPEC §3). */
export function effectiveCategory(gameType: GameCategory, vassalage: string): GameCategory {
  return gameType === 'SPORTS' && ESPORTS_VENDORS.includes(vassalage) ? 'ESPORTS' : gameType;
}

/** One vendor's count of listed games of one stored category (a row of the menus query). */
export interface VendorCategoryCount {
  vassalage: string;
  name: string;
  isHot: boolean;
  isNew: boolean;
  gameType: GameCategory;
  gameCount: number;
}

/**
 * The menus: categories in the order of `gameCategories`, each with its vendors in the order
 * given (the vendors' sort order). A category without a vendor with a game is left out; a
 * vendor whose SPORTS and ESPORTS games both land in ESPORTS is one card with both counts.
 */
export function buildCategories(rows: readonly VendorCategoryCount[]): VendorCategory[] {
  const byCategory = new Map<GameCategory, Map<string, VendorCategory['cards'][number]>>();
  for (const row of rows) {
    if (row.gameCount <= 0) continue;
    const category = effectiveCategory(row.gameType, row.vassalage);
    let cards = byCategory.get(category);
    if (!cards) {
      cards = new Map();
      byCategory.set(category, cards);
    }
    const card = cards.get(row.vassalage);
    if (card) card.gameCount += row.gameCount;
    else {
      cards.set(row.vassalage, {
        vassalage: row.vassalage,
        name: row.name,
        isHot: row.isHot,
        isNew: row.isNew,
        gameCount: row.gameCount,
      });
    }
  }
  return gameCategories.flatMap((category) => {
    const cards = byCategory.get(category);
    if (!cards) return [];
    return [
      { gameCategory: category, title: category, gameClassify: null, cards: [...cards.values()] },
    ];
  });
}

/**
 * The name a game shows: the requested language, else the merchant's default game language,
 * else any (the first language code, so the choice is stable).
 */
export function pickName(
  names: Readonly<Record<string, string>>,
  language: string,
  defaultLanguage: string,
): string {
  const requested = names[language];
  if (requested) return requested;
  const fallback = names[defaultLanguage];
  if (fallback) return fallback;
  const first = Object.keys(names).sort()[0];
  return first === undefined ? '' : (names[first] ?? '');
}

/** `%`, `_` and the escape character itself match only themselves (LIKE ... ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The search form of a name or a search term: Unicode lower case, accents and tone marks
 * removed, đ as d, spaces squeezed. 'Xúc Xắc' and 'xuc xac' fold alike.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A 'contains' LIKE pattern for a search term, wildcards of the term escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * A winner's account on the public board: the first two characters, three asterisks and the
 * last one (`ab***9`); short names keep only their first character.
 */
export function maskAccount(account: string): string {
  const characters = [...account];
  if (characters.length <= 3) return `${characters[0] ?? ''}***`;
  return `${characters.slice(0, 2).join('')}***${characters[characters.length - 1]}`;
}

/** Win divided by net stake, two decimals; 0 when nothing was staked. */
export function multiplierOf(winMinor: bigint, stakeMinor: bigint): number {
  if (stakeMinor <= 0n) return 0;
  return Number((winMinor * 100n) / stakeMinor) / 100;
}
