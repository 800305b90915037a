import { describe, expect, it } from 'vitest';
import { simulationRandomSource } from '../fair/random-source';
import { type BetType, betTypeOf, lotteryBetTypes, pickOddsOf } from './bet-types';
import { drawResult, type LotteryResult, lotteryFormats } from './formats';
import { exactRtpOf, rtpBpOf } from './rtp';
import { settleBet } from './settle';

/** Picks whose return a bet type states: every option, or a distinct-digit number. */
function picksOf(betType: BetType): string[] {
  const pick = betType.rule.pick;
  if (pick.kind === 'option') return [...pick.options];
  return ['0123456789'.slice(0, pick.digits)];
}

/** A selection of exactly one point on `pick` (combination bets take the first k numbers). */
function pointOn(betType: BetType, pick: string) {
  const size = betType.rule.comboSize;
  const picks =
    size === 1 ? [pick] : Array.from({ length: size }, (_, i) => String(i).padStart(2, '0'));
  return betType.rule.positions ? { position: 0, picks } : { picks };
}

describe('stated RTP', () => {
  it.each(lotteryBetTypes.map((b) => [`${b.format} ${b.code}`, b] as const))(
    '%s states its exact return per pick',
    (_, betType) => {
      for (const pick of picksOf(betType)) {
        expect(rtpBpOf(exactRtpOf(betType, pick)), pick).toBe(pickOddsOf(betType, pick).rtpBp);
      }
      // The headline is the bet type's lowest return.
      const lowest = Math.min(...picksOf(betType).map((pick) => pickOddsOf(betType, pick).rtpBp));
      expect(betType.rtpBp).toBe(lowest);
    },
  );

  it('stays below 100 % for every bet type', () => {
    for (const betType of lotteryBetTypes) expect(betType.rtpBp).toBeLessThan(10_000);
  });
});

/** Every result of DIGIT5 (100,000) or DICE3 (216). */
function everyResult(code: 'DIGIT5' | 'DICE3'): LotteryResult[] {
  const prize = lotteryFormats[code].prizes[0];
  if (!prize) return [];
  let outcomes: string[][] = [[]];
  for (let i = 0; i < prize.count; i++) {
    outcomes = outcomes.flatMap((outcome) =>
      Array.from({ length: prize.maxDigit - prize.minDigit + 1 }, (_, d) => [
        ...outcome,
        String(prize.minDigit + d),
      ]),
    );
  }
  return outcomes.map((digits) => ({ [prize.code]: digits }));
}

describe('exact RTP against settlement', () => {
  it.each(['DIGIT5', 'DICE3'] as const)(
    '%s: enumerating every result gives the exact RTP',
    (code) => {
      const results = everyResult(code);
      for (const betType of lotteryBetTypes.filter((b) => b.format === code)) {
        for (const pick of picksOf(betType)) {
          const selection = pointOn(betType, pick);
          let payoutBp = 0;
          for (const result of results) payoutBp += settleBet(betType, selection, result).payoutBp;
          const exact = exactRtpOf(betType, pick);
          // payoutBp / results / 10000 = num / den, compared exactly.
          expect(BigInt(payoutBp) * exact.den, `${betType.code} ${pick}`).toBe(
            exact.num * BigInt(results.length) * 10_000n,
          );
        }
      }
    },
  );

  it('THAI: every last-three ending gives the exact top3, tote3 and run_top RTP', () => {
    for (const [code, pick] of [
      ['top3', '456'],
      ['tote3', '456'],
      ['run_top', '4'],
    ] as const) {
      const betType = betTypeOf('THAI', code);
      if (!betType) throw new Error(code);
      let payoutBp = 0;
      for (let n = 0; n < 1000; n++) {
        const result = {
          first: [`123${String(n).padStart(3, '0')}`],
          front3: ['000', '000'],
          last3: ['000', '000'],
          last2: ['00'],
        };
        payoutBp += settleBet(betType, { picks: [pick] }, result).payoutBp;
      }
      const exact = exactRtpOf(betType, pick);
      expect(BigInt(payoutBp) * exact.den).toBe(exact.num * 1000n * 10_000n);
    }
  });

  it('VN: simulated draws agree with the exact RTP of every bet type', () => {
    const draws = 4000;
    for (const code of ['VN_NORTH', 'VN_SOUTH'] as const) {
      const source = simulationRandomSource(code === 'VN_NORTH' ? 11 : 12);
      const results = Array.from({ length: draws }, () => drawResult(lotteryFormats[code], source));
      for (const betType of lotteryBetTypes.filter((b) => b.format === code)) {
        // Average over all 100 (or 10) single picks, or many combinations, to tame the variance.
        const selections = selectionsFor(betType);
        let payout = 0;
        for (const result of results) {
          for (const selection of selections)
            payout += settleBet(betType, selection, result).payoutBp;
        }
        const measured = payout / (draws * selections.length * 10_000);
        const exact = exactRtpOf(betType);
        const stated = Number(exact.num) / Number(exact.den);
        expect(Math.abs(measured - stated), `${code} ${betType.code} ${measured}`).toBeLessThan(
          toleranceOf(betType),
        );
      }
    }
  });
});

function selectionsFor(betType: BetType) {
  const pick = betType.rule.pick;
  if (betType.rule.comboSize > 1) {
    const size = betType.rule.comboSize;
    // Ten disjoint combinations of consecutive numbers.
    return Array.from({ length: 10 }, (_, c) => ({
      picks: Array.from({ length: size }, (_, i) => String((c * size + i) % 100).padStart(2, '0')),
    }));
  }
  if (pick.kind === 'option') return pick.options.map((option) => ({ picks: [option] }));
  const count = 10 ** Math.min(pick.digits, 2);
  return Array.from({ length: count }, (_, i) => ({
    picks: [String(i * 10 ** (pick.digits - Math.min(pick.digits, 2))).padStart(pick.digits, '0')],
  }));
}

/** Rough tolerance: rarer wins swing more (xiên 4 and 3 càng pay hundreds to one). */
function toleranceOf(betType: BetType): number {
  const odds = betType.oddsBp / 10_000;
  return odds > 300 ? 0.6 : odds > 50 ? 0.25 : 0.1;
}
