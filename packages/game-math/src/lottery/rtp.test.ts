import { describe, expect, it } from 'vitest';
import { simulationRandomSource } from '../fair/random-source';
import { type BetType, betTypeOf, lotteryBetTypes, pickOddsOf } from './bet-types';
import { drawResult, type LotteryResult, lotteryFormats } from './formats';
import { exactRtpOf, rtpBpOf } from './rtp';
import { settleBet } from './settle';

/** Deterministic but slow on a shared machine: a generous limit, not a timing assertion. */
const ENUMERATION_TIMEOUT_MS = 120_000;
/** Above about 100x one simulated line says little about the return; the exact test covers it. */
const MAX_SIMULATED_ODDS_BP = 1_000_000;
const SIMULATION_TOLERANCE = 0.12;

/** Picks whose return a bet type states: every option, or a distinct-digit number. */
function picksOf(betType: BetType): string[] {
  const pick = betType.rule.pick;
  if (pick.kind === 'option') return [...pick.options];
  return ['0123456789'.slice(0, pick.digits)];
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
        // One line on every pick per result: its payout is the sum of the picks' returns (the
        // settlement table checks which pick wins; this checks how often, over every result).
        const picks = picksOf(betType);
        const selection = betType.rule.positions ? { position: 2, picks } : { picks };
        let payoutBp = 0;
        for (const result of results) payoutBp += settleBet(betType, selection, result).payoutBp;
        let exact = { num: 0n, den: 1n };
        for (const pick of picks) {
          const one = exactRtpOf(betType, pick);
          exact = { num: exact.num * one.den + one.num * exact.den, den: exact.den * one.den };
        }
        // payoutBp / results / 10000 = num / den, compared exactly.
        expect(BigInt(payoutBp) * exact.den, betType.code).toBe(
          exact.num * BigInt(results.length) * 10_000n,
        );
      }
    },
    ENUMERATION_TIMEOUT_MS,
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

  it(
    'VN: simulated draws agree with the exact RTP (bet types paying up to 100x)',
    () => {
      const draws = 2000;
      for (const code of ['VN_NORTH', 'VN_SOUTH'] as const) {
        const source = simulationRandomSource(code === 'VN_NORTH' ? 11 : 12);
        const results = Array.from({ length: draws }, () =>
          drawResult(lotteryFormats[code], source),
        );
        const betTypes = lotteryBetTypes.filter(
          (b) => b.format === code && b.oddsBp <= MAX_SIMULATED_ODDS_BP,
        );
        for (const betType of betTypes) {
          // Many picks (or ten disjoint combinations) per draw, to tame the variance.
          const selections = selectionsFor(betType);
          const points = selections.reduce((sum, selection) => sum + selection.points, 0);
          let payout = 0;
          for (const result of results) {
            for (const selection of selections)
              payout += settleBet(betType, selection, result).payoutBp;
          }
          const measured = payout / (draws * points * 10_000);
          const exact = exactRtpOf(betType);
          const stated = Number(exact.num) / Number(exact.den);
          expect(Math.abs(measured - stated), `${code} ${betType.code} ${measured}`).toBeLessThan(
            SIMULATION_TOLERANCE,
          );
        }
      }
    },
    ENUMERATION_TIMEOUT_MS,
  );
});

function selectionsFor(betType: BetType): { picks: string[]; points: number }[] {
  const pick = betType.rule.pick;
  if (betType.rule.comboSize > 1) {
    const size = betType.rule.comboSize;
    // Ten disjoint combinations of consecutive numbers.
    return Array.from({ length: 10 }, (_, c) => ({
      picks: Array.from({ length: size }, (_, i) => String((c * size + i) % 100).padStart(2, '0')),
      points: 1,
    }));
  }
  if (pick.kind === 'option') return [{ picks: [...pick.options], points: pick.options.length }];
  // All 100 two-digit numbers, or 100 three-digit ones (000, 010, ... 990).
  const step = 10 ** (pick.digits - 2);
  const picks = Array.from({ length: 100 }, (_, i) => String(i * step).padStart(pick.digits, '0'));
  return [{ picks, points: picks.length }];
}
