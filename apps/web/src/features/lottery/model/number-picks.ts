/**
 * Helpers of the number grid: numbers are digit strings of a fixed length ("07", "123"), the
 * way lottery results print them. Pure; quick picks take the random function as input.
 */

/** The longest paste the slip reads (characters): a list of a thousand 3-digit numbers fits. */
export const PASTE_MAX_LENGTH = 8000;
/** Numbers shown on one page of the grid: 3-digit numbers are shown a hundred at a time. */
export const GRID_PAGE_SIZE = 100;

export const padNumber = (value: number, digits: number): string =>
  String(value).padStart(digits, '0');

/** Every number of `digits` digits, from 0…0 to 9…9. */
export function allNumbers(digits: number): string[] {
  const count = 10 ** digits;
  return Array.from({ length: count }, (_, index) => padNumber(index, digits));
}

/** Page `page` (from 0) of the grid: 2-digit numbers fit one page, 3-digit ones take ten. */
export function gridPage(digits: number, page: number): string[] {
  const size = Math.min(GRID_PAGE_SIZE, 10 ** digits);
  return Array.from({ length: size }, (_, index) => padNumber(page * size + index, digits));
}

export const gridPageCount = (digits: number): number => Math.max(1, 10 ** digits / GRID_PAGE_SIZE);

/** Range shortcuts of 00-99 style grids. */
export type RangeShortcut = 'all' | 'big' | 'small' | 'odd' | 'even';
export const rangeShortcuts: readonly RangeShortcut[] = ['all', 'big', 'small', 'odd', 'even'];

/** Numbers of a shortcut: big is the upper half (50-99), small the lower (00-49). */
export function shortcutNumbers(shortcut: RangeShortcut, numbers: readonly string[]): string[] {
  if (shortcut === 'all') return [...numbers];
  const half = 10 ** (numbers[0]?.length ?? 2) / 2;
  const keep: Record<Exclude<RangeShortcut, 'all'>, (value: number) => boolean> = {
    big: (value) => value >= half,
    small: (value) => value < half,
    odd: (value) => value % 2 === 1,
    even: (value) => value % 2 === 0,
  };
  return numbers.filter((number) => keep[shortcut](Number(number)));
}

/** Heads (đầu): every number whose first digit is `digit`; 2 digits: 30..39. */
export function headNumbers(digit: number, digits: number): string[] {
  return allNumbers(digits).filter((number) => number.startsWith(String(digit)));
}

/** Tails (đuôi): every number whose last digit is `digit`; 2 digits: 03, 13 .. 93. */
export function tailNumbers(digit: number, digits: number): string[] {
  return allNumbers(digits).filter((number) => number.endsWith(String(digit)));
}

/** Adds `numbers` to the selection, or removes them all when every one is already chosen. */
export function toggleMany(selected: readonly string[], numbers: readonly string[]): string[] {
  const chosen = new Set(selected);
  const allChosen = numbers.length > 0 && numbers.every((number) => chosen.has(number));
  if (allChosen) return selected.filter((number) => !numbers.includes(number));
  for (const number of numbers) chosen.add(number);
  return sortNumbers([...chosen]);
}

export function toggleOne(selected: readonly string[], number: string): string[] {
  return selected.includes(number)
    ? selected.filter((value) => value !== number)
    : sortNumbers([...selected, number]);
}

export const sortNumbers = (numbers: string[]): string[] =>
  numbers.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * A quick pick: `count` distinct entries of `pool` drawn uniformly (partial Fisher-Yates,
 * `random` in [0, 1)). Asking for more than exist answers them all.
 */
export function quickPickFrom(
  pool: readonly string[],
  count: number,
  random: () => number,
): string[] {
  const shuffled = [...pool];
  const take = Math.min(Math.max(0, Math.floor(count)), shuffled.length);
  for (let index = 0; index < take; index += 1) {
    const swap = index + Math.floor(random() * (shuffled.length - index));
    const held = shuffled[index] as string;
    shuffled[index] = shuffled[swap] as string;
    shuffled[swap] = held;
  }
  return sortNumbers(shuffled.slice(0, take));
}

/** A quick pick of `count` distinct numbers of `digits` digits. */
export const quickPick = (count: number, digits: number, random: () => number): string[] =>
  quickPickFrom(allNumbers(digits), count, random);

/** Numbers whose digits all differ (Thai 3 tote takes only these). */
export const hasDistinctDigits = (number: string): boolean =>
  new Set(number).size === number.length;

export interface PastedNumbers {
  numbers: string[];
  /** Tokens that are not numbers of the right length, shown back to the player. */
  rejected: string[];
}

/**
 * A pasted list: numbers separated by spaces, commas, semicolons or new lines ("12, 34 56").
 * Numbers of the wrong length are rejected, not padded: "7" for a 2-digit bet is more likely a
 * typo than "07". Duplicates count once.
 */
export function parsePastedNumbers(text: string, digits: number): PastedNumbers {
  const tokens = text
    .slice(0, PASTE_MAX_LENGTH)
    .split(/[\s,;]+/)
    .filter(Boolean);
  const valid = new Set<string>();
  const rejected: string[] = [];
  const pattern = new RegExp(`^\\d{${digits}}$`);
  for (const token of tokens) {
    if (pattern.test(token)) valid.add(token);
    else rejected.push(token);
  }
  return { numbers: sortNumbers([...valid]), rejected };
}
