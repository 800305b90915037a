// The pure half of `bench:lottery` (no database): the house draw RNG's chi-square uniformity per
// format, and settlement maths speed for a draw of 100,000 random bet lines. The engine's bench
// imports these and adds the ledger-backed figure; `npx tsx bench/lottery-maths.ts` prints them.
import { randomBytes } from 'node:crypto';
import { intBelow, simulationRandomSource } from '@app/game-math';
import {
  betTypesOf,
  type ChiSquareUniformity,
  chiSquareUniformity,
  digitCountsOf,
  drawSeededResult,
  type LotteryFormatCode,
  type LotterySelection,
  lotteryFormats,
  settleBet,
} from '@app/game-math/lottery/index';
import { isBenchEntry } from './bench-main.js';

/** House draws per format for the uniformity figure (DIGIT5: 50,000 digits). */
export const UNIFORMITY_DRAWS = 10_000;
/** Bet lines in the settlement figure, as the issue asks. */
export const SETTLEMENT_BETS = 100_000;

/** Chi-square of the digits of `draws` seeded house draws, each with a fresh 32-byte seed. */
export function drawUniformity(
  format: LotteryFormatCode,
  draws = UNIFORMITY_DRAWS,
): ChiSquareUniformity {
  const results = Array.from({ length: draws }, (_, i) =>
    drawSeededResult(lotteryFormats[format], {
      serverSeed: randomBytes(32).toString('hex'),
      drawKey: `bench:${format}:${i}`,
    }),
  );
  return chiSquareUniformity(digitCountsOf(lotteryFormats[format], results));
}

/** Random valid lines over every bet type of the format (one to three picks or a combination). */
function randomLines(format: LotteryFormatCode, count: number) {
  const source = simulationRandomSource(1);
  const betTypes = betTypesOf(format);
  return Array.from({ length: count }, () => {
    const betType = betTypes[intBelow(source, betTypes.length)];
    if (!betType) throw new Error('no bet types');
    const rule = betType.rule;
    const picks = new Set<string>();
    const wanted = Math.max(rule.comboSize, 1 + intBelow(source, Math.min(3, rule.maxPicks)));
    while (picks.size < wanted) {
      const pick = rule.pick;
      if (pick.kind === 'option')
        picks.add(pick.options[intBelow(source, pick.options.length)] ?? '');
      else {
        const text = String(intBelow(source, 10 ** pick.digits)).padStart(pick.digits, '0');
        if (!pick.distinctDigits || new Set(text).size === text.length) picks.add(text);
      }
    }
    const selection: LotterySelection = rule.positions
      ? { position: intBelow(source, rule.positions), picks: [...picks] }
      : { picks: [...picks] };
    return { betType, selection };
  });
}

/** Bet lines settled per second by the maths alone, against one result object. */
export function settlementSpeed(format: LotteryFormatCode, bets = SETTLEMENT_BETS): number {
  const lines = randomLines(format, bets);
  const result = drawSeededResult(lotteryFormats[format], {
    serverSeed: randomBytes(32).toString('hex'),
    drawKey: 'bench:settle',
  });
  const startedAt = performance.now();
  let payoutBp = 0;
  for (const line of lines) payoutBp += settleBet(line.betType, line.selection, result).payoutBp;
  const elapsedMs = performance.now() - startedAt;
  if (payoutBp < 0) throw new Error('impossible payout');
  return Math.round((bets / elapsedMs) * 1000);
}

if (isBenchEntry(import.meta.url)) {
  for (const format of Object.keys(lotteryFormats) as LotteryFormatCode[]) {
    const uniformity = drawUniformity(format);
    console.log(
      `${format.padEnd(9)} draw digits chi2 ${uniformity.statistic.toFixed(2)} (df ${uniformity.degreesOfFreedom}, ` +
        `5% critical ${uniformity.critical95.toFixed(2)}, p ${uniformity.pValue.toFixed(3)}); ` +
        `settlement maths ${settlementSpeed(format).toLocaleString('en')} lines/s`,
    );
  }
}
