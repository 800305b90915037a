import { builtinGameCodes, slotLinesByGameCode, slotParamsSchema } from '@app/contract';
import { fairRandomSource, simulationRandomSource } from '@app/game-math';
import { verifiableGameOf } from '@app/game-math/games/index';
import type { playSlotRound } from '@app/game-math/slots/evaluate';
import { JADE_DRAGON } from '@app/game-math/slots/games/jade-dragon';
import { NEON_FRUITS } from '@app/game-math/slots/games/neon-fruits';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../http/app-error.js';
import { builtinGameHandlerOf } from '../index.js';
import type { InstantGameHandler } from '../types.js';

const limits = { minStakeMinor: 10n, maxStakeMinor: 100_000n, maxPayoutMinor: 10_000_000n };

// biome-ignore lint/suspicious/noExplicitAny: the registry holds handlers of every game's types.
const handlerOf = (code: string) => builtinGameHandlerOf(code) as InstantGameHandler<any>;
const jade = handlerOf(builtinGameCodes.jadeDragon);
const neon = handlerOf(builtinGameCodes.neonFruits);

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.errorCode, details: error.details };
    throw error;
  }
  throw new Error('no error');
}

describe('slot handlers', () => {
  it('are registered for both slots, as instant games', () => {
    expect(jade.kind).toBe('instant');
    expect(neon.kind).toBe('instant');
  });

  it('know the line counts the contract shows the web', () => {
    expect(slotLinesByGameCode[builtinGameCodes.jadeDragon]).toBe(JADE_DRAGON.lines.length);
    expect(slotLinesByGameCode[builtinGameCodes.neonFruits]).toBe(NEON_FRUITS.lines.length);
  });

  it('stake lines x bet per line, all lines when none are named', () => {
    expect(jade.stakeOf(slotParamsSchema.parse({ betPerLine: 0.05 }), limits)).toBe(100n);
    expect(neon.stakeOf(slotParamsSchema.parse({ betPerLine: 0.05 }), limits)).toBe(125n);
    expect(jade.stakeOf(slotParamsSchema.parse({ lines: 3, betPerLine: 1.25 }), limits)).toBe(375n);
  });

  it('refuse more lines than the game has', () => {
    expect(errorOf(() => jade.stakeOf({ lines: 21, betPerLine: 1 }, limits))).toEqual({
      code: 'BUILTIN_PARAMS_INVALID',
      details: { field: 'lines' },
    });
    expect(neon.stakeOf({ lines: 25, betPerLine: 1 }, limits)).toBe(2500n);
  });

  it('keep the stake within the merchant limits (the catalogue minBet is the minimum)', () => {
    const low = errorOf(() => jade.stakeOf({ lines: 1, betPerLine: 0.05 }, limits));
    expect(low).toEqual({
      code: 'BUILTIN_STAKE_OUT_OF_RANGE',
      details: { field: 'betPerLine', minAmount: 0.1, maxAmount: 1000 },
    });
    expect(errorOf(() => neon.stakeOf({ lines: 25, betPerLine: 40.01 }, limits)).code).toBe(
      'BUILTIN_STAKE_OUT_OF_RANGE',
    );
    expect(neon.stakeOf({ lines: 25, betPerLine: 40 }, limits)).toBe(100_000n);
  });

  it('refuse bets per line below a cent or with three decimals (the schema)', () => {
    expect(slotParamsSchema.safeParse({ betPerLine: 0.001 }).success).toBe(false);
    expect(slotParamsSchema.safeParse({ betPerLine: 0.015 }).success).toBe(false);
    expect(slotParamsSchema.safeParse({ lines: 0, betPerLine: 1 }).success).toBe(false);
    expect(slotParamsSchema.safeParse({ lines: 2.5, betPerLine: 1 }).success).toBe(false);
  });

  it('pay the round total in bet-per-line units times the bet per line, exactly', () => {
    const source = simulationRandomSource(7);
    let paid = 0;
    for (let i = 0; i < 3000; i++) {
      const params = { lines: 1 + (i % 20), betPerLine: 0.37 };
      const stake = jade.stakeOf(params, limits);
      const played = jade.play(source, params, stake);
      const outcome = played.outcome as ReturnType<typeof playSlotRound>;
      expect(played.payoutMinor).toBe(BigInt(outcome.totalPay) * 37n);
      expect(outcome.lines).toBe(params.lines);
      if (played.payoutMinor > 0n) paid++;
    }
    expect(paid).toBeGreaterThan(0);
  });

  it('store an outcome the verify page recomputes from the seeds and the params as sent', () => {
    const seeds = { serverSeed: '1'.repeat(64), clientSeed: 'lucky', nonce: 12 };
    const params = { betPerLine: 0.2 };
    const played = neon.play(fairRandomSource(seeds), params, neon.stakeOf(params, limits));
    const replayed = verifiableGameOf(builtinGameCodes.neonFruits)?.replay(
      fairRandomSource(seeds),
      params,
    );
    expect(replayed).toEqual(played.outcome);
  });
});
