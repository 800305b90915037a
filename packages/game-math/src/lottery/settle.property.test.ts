import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulationRandomSource } from '../fair/random-source';
import { betTypeOf, betTypesOf, lotteryBetTypes } from './bet-types';
import { drawResult, type LotteryFormatCode, lotteryFormats, numberCountOf } from './formats';
import { settleBet } from './settle';

const typeOf = (format: LotteryFormatCode, code: string) => {
  const betType = betTypeOf(format, code);
  if (!betType) throw new Error(`${format} ${code}`);
  return betType;
};
const allNumbers = (digits: number) =>
  Array.from({ length: 10 ** digits }, (_, i) => String(i).padStart(digits, '0'));

/** Any result of the format, from a seed (the draw itself is tested elsewhere). */
const resultOf = (format: LotteryFormatCode) =>
  fc.integer().map((seed) => drawResult(lotteryFormats[format], simulationRandomSource(seed)));

describe('settlement invariants over random results', () => {
  it.each(['VN_NORTH', 'VN_SOUTH'] as const)(
    '%s: lô hits over all numbers = the prize count',
    (format) => {
      const lo2 = typeOf(format, 'lo2');
      const lo3 = typeOf(format, 'lo3');
      const de = typeOf(format, 'de');
      fc.assert(
        fc.property(resultOf(format), (result) => {
          expect(settleBet(lo2, { picks: allNumbers(2) }, result).hits).toBe(
            numberCountOf(lotteryFormats[format]),
          );
          // Every number but the two-digit one(s) has a three-digit tail.
          const twoDigit = format === 'VN_NORTH' ? 4 : 1;
          expect(settleBet(lo3, { picks: allNumbers(3) }, result).hits).toBe(
            numberCountOf(lotteryFormats[format]) - twoDigit,
          );
          expect(settleBet(de, { picks: allNumbers(2) }, result).hits).toBe(1);
        }),
        { numRuns: 30 },
      );
    },
  );

  it('DIGIT5: exactly one side of each two-way bet wins, dragon/tiger/tie exactly one', () => {
    fc.assert(
      fc.property(resultOf('DIGIT5'), fc.integer({ min: 0, max: 4 }), (result, position) => {
        for (const code of ['position_big_small', 'position_odd_even'] as const) {
          const betType = typeOf('DIGIT5', code);
          expect(
            settleBet(
              betType,
              {
                position,
                picks: betType.rule.pick.kind === 'option' ? betType.rule.pick.options : [],
              },
              result,
            ).winningPoints,
          ).toBe(1);
        }
        for (const code of ['sum_big_small', 'sum_odd_even'] as const) {
          const betType = typeOf('DIGIT5', code);
          const options = betType.rule.pick.kind === 'option' ? betType.rule.pick.options : [];
          expect(settleBet(betType, { picks: options }, result).winningPoints).toBe(1);
        }
        const dragonTiger = settleBet(
          typeOf('DIGIT5', 'dragon_tiger'),
          { picks: ['dragon', 'tiger', 'tie'] },
          result,
        );
        expect(dragonTiger.winningPoints).toBe(1);
        expect([0, 2]).toContain(dragonTiger.pushes);
        expect(
          settleBet(typeOf('DIGIT5', 'position_digit'), { position, picks: allNumbers(1) }, result)
            .hits,
        ).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('DICE3: one total wins, single hits = 3, big/small wins once unless a triple', () => {
    fc.assert(
      fc.property(resultOf('DICE3'), (result) => {
        const totals = Array.from({ length: 16 }, (_, i) => String(i + 3));
        expect(settleBet(typeOf('DICE3', 'sum'), { picks: totals }, result).winningPoints).toBe(1);
        expect(
          settleBet(typeOf('DICE3', 'single'), { picks: ['1', '2', '3', '4', '5', '6'] }, result)
            .hits,
        ).toBe(3);
        const triple = settleBet(typeOf('DICE3', 'any_triple'), { picks: ['any'] }, result).hits;
        expect(
          settleBet(typeOf('DICE3', 'big_small'), { picks: ['big', 'small'] }, result).hits,
        ).toBe(1 - triple);
      }),
      { numRuns: 300 },
    );
  });

  it('never pays a negative or fractional multiple, for any bet type and result', () => {
    for (const betType of lotteryBetTypes) {
      const pick = betType.rule.pick;
      const picks =
        pick.kind === 'option'
          ? [...pick.options]
          : Array.from({ length: Math.max(betType.rule.minPicks, 3) }, (_, i) =>
              String(i * 7)
                .padStart(pick.digits, '0')
                .slice(-pick.digits),
            ).map((p, i) => (pick.distinctDigits ? (['012', '345', '678'][i] ?? p) : p));
      const selection = betType.rule.positions ? { position: 2, picks } : { picks };
      const source = simulationRandomSource(betType.code.length);
      for (let i = 0; i < 50; i++) {
        const settlement = settleBet(
          betType,
          selection,
          drawResult(lotteryFormats[betType.format], source),
        );
        expect(Number.isSafeInteger(settlement.payoutBp) && settlement.payoutBp >= 0).toBe(true);
        expect(settlement.winningPoints).toBeLessThanOrEqual(settlement.points);
      }
    }
    expect(betTypesOf('THAI')).toHaveLength(8);
  });
});
