/**
 * How each lottery prints its results (the layout a player knows from the paper ticket), as
 * data: the prize rows in display order, how many numbers each holds and how many columns its
 * numbers take. The result itself is the maths package's: prize code → digit strings.
 */

export type LotteryFormatCode = 'VN_NORTH' | 'VN_SOUTH' | 'THAI' | 'DIGIT5' | 'DICE3';
export type LotteryResult = Readonly<Record<string, readonly string[]>>;

export interface PrizeRowLayout {
  /** The prize code of the result. */
  prize: string;
  /** Text key of the row's label in the `lottery` namespace. */
  labelKey: string;
  /** Numbers the row holds. */
  count: number;
  /** Columns its numbers are laid out in (the paper table's shape). */
  columns: number;
  /** Printed large and in the accent colour (the special / first prize, the seventh in the North). */
  emphasis?: boolean;
}

const vnRow = (
  prize: string,
  count: number,
  columns: number,
  emphasis?: boolean,
): PrizeRowLayout => ({ prize, labelKey: `prize_vn_${prize}`, count, columns, emphasis });

/** The North's 27 numbers, special prize first, seventh last (the Hà Nội ticket). */
export const vnNorthLayout: readonly PrizeRowLayout[] = [
  vnRow('special', 1, 1, true),
  vnRow('first', 1, 1),
  vnRow('second', 2, 2),
  vnRow('third', 6, 3),
  vnRow('fourth', 4, 4),
  vnRow('fifth', 6, 3),
  vnRow('sixth', 3, 3),
  vnRow('seventh', 4, 4, true),
];

/** The South's and Central's 18 numbers, eighth prize first, special last (their ticket). */
export const vnSouthLayout: readonly PrizeRowLayout[] = [
  vnRow('eighth', 1, 1, true),
  vnRow('seventh', 1, 1),
  vnRow('sixth', 3, 3),
  vnRow('fifth', 1, 1),
  vnRow('fourth', 7, 4),
  vnRow('third', 2, 2),
  vnRow('second', 1, 1),
  vnRow('first', 1, 1),
  vnRow('special', 1, 1, true),
];

/** The Thai government lottery: first prize, three front, three last, two last. */
export const thaiLayout: readonly PrizeRowLayout[] = [
  { prize: 'first', labelKey: 'prize_th_first', count: 1, columns: 1, emphasis: true },
  { prize: 'front3', labelKey: 'prize_th_front3', count: 2, columns: 2 },
  { prize: 'last3', labelKey: 'prize_th_last3', count: 2, columns: 2 },
  { prize: 'last2', labelKey: 'prize_th_last2', count: 1, columns: 1, emphasis: true },
];

export const prizeLayouts: Partial<Record<LotteryFormatCode, readonly PrizeRowLayout[]>> = {
  VN_NORTH: vnNorthLayout,
  VN_SOUTH: vnSouthLayout,
  THAI: thaiLayout,
};

export interface PrizeRow extends PrizeRowLayout {
  /** The row's numbers; a number not drawn yet (a live real draw) is null. */
  numbers: (string | null)[];
}

/** The rows of a tabled result, every row at its full count (missing numbers as null). */
export function prizeRows(layout: readonly PrizeRowLayout[], result: LotteryResult): PrizeRow[] {
  return layout.map((row) => {
    const drawn = result[row.prize] ?? [];
    return {
      ...row,
      numbers: Array.from({ length: row.count }, (_, index) => drawn[index] ?? null),
    };
  });
}

/**
 * The heads table (đầu / đuôi) printed beside a Vietnamese result: for each first digit of the
 * last two digits of every number, the last digits seen, in result order (repeats kept: a
 * number drawn twice pays lô twice).
 */
export function headTailTable(layout: readonly PrizeRowLayout[], result: LotteryResult) {
  const heads: string[][] = Array.from({ length: 10 }, () => []);
  for (const row of layout) {
    for (const number of result[row.prize] ?? []) {
      const lastTwo = number.slice(-2);
      if (!/^\d\d$/.test(lastTwo)) continue;
      heads[Number(lastTwo[0])]?.push(lastTwo[1] as string);
    }
  }
  return heads.map((tails) => tails.sort());
}

/** The five balls of DIGIT5 or the three dice of DICE3, in position order. */
export function positionValues(result: LotteryResult): string[] {
  const positions = result.positions ?? result.digits ?? result.dice;
  if (positions) return [...positions];
  // A result keyed per position (p1..p5 / d1..d3) reads the same way.
  return Object.keys(result)
    .sort()
    .flatMap((key) => result[key] ?? []);
}

/**
 * The number a list shows for a draw: the special prize (VN), the first prize (Thai), the
 * balls or dice in a row.
 */
export function headlineOf(format: LotteryFormatCode, result: LotteryResult): string {
  if (format === 'DIGIT5' || format === 'DICE3') return positionValues(result).join(' ');
  const prize = format === 'THAI' ? 'first' : 'special';
  return result[prize]?.[0] ?? '';
}
