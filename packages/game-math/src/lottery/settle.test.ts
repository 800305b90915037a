import { describe, expect, it } from 'vitest';
import { betTypeOf, lotteryBetTypes } from './bet-types';
import {
  type LotteryFormatCode,
  type LotteryResult,
  lotteryFormats,
  validateResult,
} from './formats';
import type { LotterySelection } from './selection';
import { settleBet } from './settle';

/**
 * North fixture with repeats and edge numbers: 27 is the tail of four numbers, 00 and 99 of
 * three; 327 and 000 end two numbers of three digits or more.
 */
const NORTH: LotteryResult = {
  special: ['12327'],
  first: ['45627'],
  second: ['00000', '11199'],
  third: ['22222', '33333', '44444', '55555', '66666', '77777'],
  fourth: ['1234', '5678', '9012', '3456'],
  fifth: ['7890', '1357', '2468', '3579', '4680', '5791'],
  sixth: ['327', '000', '999'],
  seventh: ['27', '00', '05', '99'],
};

/** South fixture: 56 ends the special, the seventh (656) and the eighth; 656 ends two. */
const SOUTH: LotteryResult = {
  special: ['987656'],
  first: ['00000'],
  second: ['12399'],
  third: ['11111', '22222'],
  fourth: ['33333', '44444', '55555', '66666', '77777', '88888', '99999'],
  fifth: ['0101'],
  sixth: ['0202', '0303', '0404'],
  seventh: ['656'],
  eighth: ['56'],
};

/** Thai fixture: last three 789 drawn twice (pays twice), last two 00. */
const THAI: LotteryResult = {
  first: ['123456'],
  front3: ['456', '001'],
  last3: ['789', '789'],
  last2: ['00'],
};
const THAI_ZEROS: LotteryResult = {
  first: ['000000'],
  front3: ['000', '999'],
  last3: ['000', '123'],
  last2: ['99'],
};

const d5 = (digits: string): LotteryResult => ({ digits: [...digits] });
const dice = (faces: string): LotteryResult => ({ dice: [...faces] });

interface Row {
  format: LotteryFormatCode;
  code: string;
  selection: LotterySelection;
  result: LotteryResult;
  hits: number;
  /** Payout in basis points per unit of amount per point. */
  payoutBp: number;
  pushes?: number;
  why: string;
}

const picks = (...values: string[]): LotterySelection => ({ picks: values });
const at = (position: number, ...values: string[]): LotterySelection => ({
  position,
  picks: values,
});

const VN_ROWS = (format: 'VN_NORTH' | 'VN_SOUTH', odds: Record<string, number>): Row[] => {
  const r = format === 'VN_NORTH' ? NORTH : SOUTH;
  const north = format === 'VN_NORTH';
  const row = (
    code: string,
    selection: LotterySelection,
    hits: number,
    why: string,
    payoutBp = hits * (odds[code] as number),
  ): Row => ({ format, code, selection, result: r, hits, payoutBp, why });
  return north
    ? [
        row('lo2', picks('27'), 4, 'lô pays per occurrence: 27 ends four numbers'),
        row('lo2', picks('00'), 3, 'edge 00 ends three numbers'),
        row('lo2', picks('99'), 3, 'edge 99 ends three numbers'),
        row('lo2', picks('13'), 0, 'not drawn'),
        row('lo2', picks('27', '05', '13'), 5, 'several numbers: one point each'),
        row('lo3', picks('327'), 2, 'special and sixth end in 327'),
        row('lo3', picks('000'), 2, 'edge 000: second and sixth'),
        row('lo3', picks('099'), 0, 'seventh prize 99 is too short for a three-digit tail'),
        row('de', picks('27'), 1, 'last two of the special'),
        row('de', picks('72'), 0, 'reversed does not win'),
        row('de', picks('99'), 0, 'a lô-only number is not đề'),
        row('de_head', picks('2'), 1, 'tens digit of the special'),
        row('de_head', picks('7'), 0, 'units digit is not the head'),
        row('de_tail', picks('7'), 1, 'units digit of the special'),
        row('de_tail', picks('2'), 0, 'tens digit is not the tail'),
        row('cang3', picks('327'), 1, 'last three of the special'),
        row('cang3', picks('627'), 0, 'first prize ending is not 3 càng'),
        row('xien2', picks('27', '00'), 1, 'both numbers appear (27 four times still pays once)'),
        row('xien2', picks('27', '13'), 0, 'one missing'),
        row('xien2', picks('27', '00', '13'), 1, 'three picks, three pairs, one pair complete'),
        row('xien3', picks('27', '00', '05'), 1, 'all three appear'),
        row('xien3', picks('27', '00', '13'), 0, 'one missing'),
        row('xien4', picks('27', '00', '05', '99'), 1, 'all four appear'),
        row('xien4', picks('27', '00', '05', '13'), 0, 'one missing'),
        row('lo_truot4', picks('13', '14', '15', '16'), 1, 'none appears'),
        row('lo_truot4', picks('13', '14', '15', '27'), 0, '27 appears'),
        row('lo_truot8', picks('13', '14', '15', '16', '17', '18', '19', '20'), 1, 'none appears'),
        row(
          'lo_truot8',
          picks('13', '14', '15', '16', '17', '18', '19', '00'),
          0,
          'edge 00 appears',
        ),
        row(
          'lo_truot10',
          picks('13', '14', '15', '16', '17', '18', '19', '20', '21', '23'),
          1,
          'none appears',
        ),
        row(
          'lo_truot10',
          picks('13', '14', '15', '16', '17', '18', '19', '20', '21', '99'),
          0,
          'edge 99 appears',
        ),
      ]
    : [
        row('lo2', picks('56'), 3, 'special, seventh and eighth end in 56'),
        row('lo2', picks('99'), 2, 'edge 99 twice'),
        row('lo2', picks('57'), 0, 'not drawn'),
        row('lo3', picks('656'), 2, 'special and seventh end in 656'),
        row('lo3', picks('056'), 0, 'eighth prize 56 is too short'),
        row('de', picks('56'), 1, 'last two of the six-digit special'),
        row('de', picks('65'), 0, 'reversed'),
        row('de_head', picks('5'), 1, 'head 5'),
        row('de_head', picks('6'), 0, 'wrong head'),
        row('de_tail', picks('6'), 1, 'tail 6'),
        row('de_tail', picks('5'), 0, 'wrong tail'),
        row('cang3', picks('656'), 1, 'last three of the special'),
        row('cang3', picks('765'), 0, 'not the last three'),
        row('xien2', picks('56', '00'), 1, 'both appear'),
        row('xien2', picks('56', '57'), 0, 'one missing'),
        row('xien3', picks('56', '00', '01'), 1, 'all appear'),
        row('xien3', picks('56', '00', '57'), 0, 'one missing'),
        row('xien4', picks('56', '00', '01', '99'), 1, 'all appear'),
        row('xien4', picks('56', '00', '01', '57'), 0, 'one missing'),
        row('lo_truot4', picks('05', '06', '07', '08'), 1, 'none appears'),
        row('lo_truot4', picks('05', '06', '07', '56'), 0, '56 appears'),
        row('lo_truot8', picks('05', '06', '07', '08', '09', '10', '12', '13'), 1, 'none appears'),
        row('lo_truot8', picks('05', '06', '07', '08', '09', '10', '12', '00'), 0, '00 appears'),
        row(
          'lo_truot10',
          picks('05', '06', '07', '08', '09', '10', '12', '13', '14', '15'),
          1,
          'none',
        ),
        row(
          'lo_truot10',
          picks('05', '06', '07', '08', '09', '10', '12', '13', '14', '99'),
          0,
          '99',
        ),
      ];
};

const oddsOf = (format: LotteryFormatCode) =>
  Object.fromEntries(
    lotteryBetTypes.filter((b) => b.format === format).map((b) => [b.code, b.oddsBp]),
  );

const THAI_ROWS: Row[] = (() => {
  const odds = oddsOf('THAI');
  const row = (
    code: string,
    selection: LotterySelection,
    result: LotteryResult,
    hits: number,
    why: string,
  ): Row => ({
    format: 'THAI',
    code,
    selection,
    result,
    hits,
    payoutBp: hits * (odds[code] as number),
    why,
  });
  return [
    row('top3', picks('456'), THAI, 1, 'last three of the first prize'),
    row('top3', picks('465'), THAI, 0, 'other order is tote, not top'),
    row('top3', picks('000'), THAI_ZEROS, 1, 'edge 000'),
    row('tote3', picks('645'), THAI, 1, 'any order'),
    row('tote3', picks('456'), THAI, 1, 'exact order also wins tote'),
    row('tote3', picks('123'), THAI, 0, 'front of the first prize does not count'),
    row('front3', picks('456'), THAI, 1, 'one front-three prize'),
    row('front3', picks('001'), THAI, 1, 'edge with leading zeros'),
    row('front3', picks('789'), THAI, 0, 'that is a last-three prize'),
    row('last3', picks('789'), THAI, 2, 'both last-three prizes drawn the same: pays twice'),
    row('last3', picks('456'), THAI, 0, 'that is a front-three prize'),
    row('top2', picks('56'), THAI, 1, 'last two of the first prize'),
    row('top2', picks('00'), THAI, 0, 'that is the bottom two'),
    row('bottom2', picks('00'), THAI, 1, 'edge 00 bottom'),
    row('bottom2', picks('99'), THAI_ZEROS, 1, 'edge 99 bottom'),
    row('bottom2', picks('56'), THAI, 0, 'that is the top two'),
    row('run_top', picks('4'), THAI, 1, 'digit in the last three of the first prize'),
    row('run_top', picks('1'), THAI, 0, 'digit only in the first three'),
    row('run_top', picks('0'), THAI_ZEROS, 1, 'three zeros still pay once'),
    row('run_bottom', picks('0'), THAI, 1, '00 pays once'),
    row('run_bottom', picks('5'), THAI, 0, 'not in the bottom two'),
  ];
})();

const DIGIT5_ROWS: Row[] = (() => {
  const odds = oddsOf('DIGIT5');
  const tieOdds = betTypeOf('DIGIT5', 'dragon_tiger')?.byPick?.tie?.oddsBp as number;
  const row = (
    code: string,
    selection: LotterySelection,
    digits: string,
    hits: number,
    why: string,
    payoutBp = hits * (odds[code] as number),
    pushes = 0,
  ): Row => ({
    format: 'DIGIT5',
    code,
    selection,
    result: d5(digits),
    hits,
    payoutBp,
    pushes,
    why,
  });
  return [
    row('position_digit', at(0, '9'), '90459', 1, 'first position is 9'),
    row('position_digit', at(4, '0'), '90459', 0, 'last position is 9, not 0'),
    row('position_digit', at(2, '0', '4', '7'), '90459', 1, 'three digits on one position'),
    row('position_big_small', at(3, 'big'), '90459', 1, '5 is the smallest big digit'),
    row('position_big_small', at(2, 'big'), '90459', 0, '4 is the largest small digit'),
    row('position_big_small', at(1, 'small'), '90459', 1, '0 is small'),
    row('position_odd_even', at(0, 'odd'), '90459', 1, '9 is odd'),
    row('position_odd_even', at(1, 'odd'), '90459', 0, '0 is even'),
    row('sum_big_small', picks('small'), '99400', 1, 'sum 22 is the largest small sum'),
    row('sum_big_small', picks('big'), '99400', 0, 'sum 22 is not big'),
    row('sum_big_small', picks('big'), '99500', 1, 'sum 23 is the smallest big sum'),
    row('sum_big_small', picks('small'), '00000', 1, 'sum 0'),
    row('sum_big_small', picks('big'), '99999', 1, 'sum 45'),
    row('sum_odd_even', picks('odd'), '90459', 1, 'sum 27 is odd'),
    row('sum_odd_even', picks('even'), '00000', 1, 'sum 0 is even'),
    row('sum_odd_even', picks('odd'), '00000', 0, 'sum 0 is not odd'),
    row('dragon_tiger', picks('dragon'), '99998', 1, 'dragon 9 beats tiger 8'),
    row('dragon_tiger', picks('tiger'), '99998', 0, 'tiger loses'),
    row('dragon_tiger', picks('tie'), '99998', 0, 'no tie'),
    row('dragon_tiger', picks('tiger'), '12349', 1, 'tiger 9 beats dragon 1'),
    row('dragon_tiger', picks('tie'), '90459', 1, 'tie 9 = 9', tieOdds),
    row('dragon_tiger', picks('dragon'), '90459', 0, 'a tie refunds dragon', 10_000, 1),
    row('dragon_tiger', picks('tiger'), '00000', 0, 'a tie refunds tiger (0 = 0)', 10_000, 1),
    row(
      'dragon_tiger',
      picks('dragon', 'tiger', 'tie'),
      '00000',
      1,
      'all three',
      tieOdds + 20_000,
      2,
    ),
  ];
})();

const DICE3_ROWS: Row[] = (() => {
  const sumOdds = (total: string) => betTypeOf('DICE3', 'sum')?.byPick?.[total]?.oddsBp as number;
  const odds = oddsOf('DICE3');
  const row = (
    code: string,
    selection: LotterySelection,
    faces: string,
    hits: number,
    why: string,
    payoutBp = hits * (odds[code] as number),
  ): Row => ({ format: 'DICE3', code, selection, result: dice(faces), hits, payoutBp, why });
  return [
    row('sum', picks('3'), '111', 1, 'edge total 3', sumOdds('3')),
    row('sum', picks('18'), '666', 1, 'edge total 18', sumOdds('18')),
    row('sum', picks('10'), '136', 1, 'total 10', sumOdds('10')),
    row('sum', picks('4'), '111', 0, 'total 3 is not 4', 0),
    row('sum', picks('3', '4', '5'), '121', 1, 'each total its own odds', sumOdds('4')),
    row('big_small', picks('big'), '456', 1, 'total 15 is big'),
    row('big_small', picks('small'), '456', 0, 'total 15 is not small'),
    row('big_small', picks('big'), '146', 1, 'total 11 is the smallest big'),
    row('big_small', picks('small'), '145', 1, 'total 10 is the largest small'),
    row('big_small', picks('big'), '444', 0, 'a triple loses big (total 12)'),
    row('big_small', picks('small'), '111', 0, 'a triple loses small (total 3)'),
    row('triple', picks('1'), '111', 1, 'triple ones'),
    row('triple', picks('2'), '111', 0, 'other face'),
    row('triple', picks('6'), '665', 0, 'a pair is not a triple'),
    row('any_triple', picks('any'), '666', 1, 'any triple'),
    row('any_triple', picks('any'), '121', 0, 'no triple'),
    row('pair', picks('1'), '121', 1, 'two ones'),
    row('pair', picks('1'), '111', 1, 'a triple contains the pair'),
    row('pair', picks('2'), '121', 0, 'one two only'),
    row('single', picks('1'), '121', 2, 'pays per die: two ones'),
    row('single', picks('1'), '111', 3, 'three ones pay three times'),
    row('single', picks('6'), '126', 1, 'one die'),
    row('single', picks('3'), '121', 0, 'no three'),
  ];
})();

const ROWS: Row[] = [
  ...VN_ROWS('VN_NORTH', oddsOf('VN_NORTH')),
  ...VN_ROWS('VN_SOUTH', oddsOf('VN_SOUTH')),
  ...THAI_ROWS,
  ...DIGIT5_ROWS,
  ...DICE3_ROWS,
];

describe('settleBet', () => {
  it('uses valid fixtures', () => {
    expect(validateResult(lotteryFormats.VN_NORTH, NORTH)).toEqual([]);
    expect(validateResult(lotteryFormats.VN_SOUTH, SOUTH)).toEqual([]);
    expect(validateResult(lotteryFormats.THAI, THAI)).toEqual([]);
    expect(validateResult(lotteryFormats.THAI, THAI_ZEROS)).toEqual([]);
  });

  it.each(
    ROWS.map(
      (row) =>
        [`${row.format} ${row.code} ${row.selection.picks.join(',')}: ${row.why}`, row] as const,
    ),
  )('%s', (_, row) => {
    const betType = betTypeOf(row.format, row.code);
    if (!betType) throw new Error(`no bet type ${row.code}`);
    const settlement = settleBet(betType, row.selection, row.result);
    expect(settlement.hits).toBe(row.hits);
    expect(settlement.payoutBp).toBe(row.payoutBp);
    expect(settlement.pushes).toBe(row.pushes ?? 0);
  });

  it('has a winning and a losing row for every bet type', () => {
    for (const betType of lotteryBetTypes) {
      const rows = ROWS.filter((row) => row.format === betType.format && row.code === betType.code);
      expect(
        rows.some((row) => row.payoutBp > 0),
        `${betType.format} ${betType.code} win`,
      ).toBe(true);
      expect(
        rows.some((row) => row.payoutBp === 0),
        `${betType.format} ${betType.code} loss`,
      ).toBe(true);
    }
  });

  it('counts points and winning points of a multi-pick line', () => {
    const xien2 = betTypeOf('VN_NORTH', 'xien2');
    if (!xien2) throw new Error('xien2');
    const settlement = settleBet(xien2, picks('27', '00', '99', '13'), NORTH);
    // Six pairs; 27-00, 27-99, 00-99 complete.
    expect(settlement).toMatchObject({ points: 6, winningPoints: 3, hits: 3 });
  });

  it('refuses an invalid selection', () => {
    const de = betTypeOf('VN_NORTH', 'de');
    if (!de) throw new Error('de');
    expect(() => settleBet(de, picks('7'), NORTH)).toThrow(/bad_pick/);
  });
});
