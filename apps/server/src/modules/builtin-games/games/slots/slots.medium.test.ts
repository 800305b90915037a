import { builtinGameCodes } from '@app/contract';
import type { SlotRoundOutcome } from '@app/game-math/slots/types';
import { describe, expect, it } from 'vitest';
import { availableMinor } from '../../../../../test/seamless-helpers.js';
import { useEnginePlayers } from '../../test/engine-players.js';

const slotCodes = [builtinGameCodes.jadeDragon, builtinGameCodes.neonFruits];
/** Rounds per game: enough that some pay (about half do) and the sums are checked exactly. */
const ROUNDS = 25;

describe('Jade Dragon and Neon Fruits through the round engine', () => {
  const { context, player, play, rotate, replay } = useEnginePlayers(slotCodes, 'RNG', 'slot');

  it.each(slotCodes)(
    '%s: every round moves the balance by exactly payout - stake; the seeds prove each',
    async (gameCode) => {
      const { db } = context.database;
      const { memberId, gameSession } = await player(gameCode);
      const params = { lines: 10, betPerLine: 0.07 };
      const before = await availableMinor(db, memberId);
      const rounds: { nonce: number; outcome: SlotRoundOutcome; payoutMinor: bigint }[] = [];
      let netMinor = 0n;
      for (let i = 0; i < ROUNDS; i++) {
        const answer = await play(gameSession, params);
        expect(answer.status).toBe(200);
        const { round } = answer.body.value;
        expect(round.status).toBe('settled');
        expect(round.stake).toBe(0.7);
        const outcome = round.detail.outcome as SlotRoundOutcome;
        const payoutMinor = BigInt(Math.round(round.payout * 100));
        expect(payoutMinor).toBe(BigInt(outcome.totalPay) * 7n);
        netMinor += payoutMinor - 70n;
        rounds.push({ nonce: round.proof.nonce, outcome, payoutMinor });
      }
      expect(await availableMinor(db, memberId)).toBe(before + netMinor);
      expect(rounds.some((round) => round.payoutMinor > 0n)).toBe(true);

      const seeds = await rotate(gameSession);
      for (const round of rounds) {
        expect(replay(gameCode, seeds, params, round.nonce)).toEqual(round.outcome);
      }
    },
  );

  it('plays all lines when none are named, and refuses bad bets changing nothing', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(builtinGameCodes.neonFruits);
    const allLines = await play(gameSession, { betPerLine: 0.01 });
    expect(allLines.status).toBe(200);
    expect(allLines.body.value.round.stake).toBe(0.25);
    expect((allLines.body.value.round.detail.outcome as SlotRoundOutcome).lines).toBe(25);

    const before = await availableMinor(db, memberId);
    const refused = [
      [{ lines: 26, betPerLine: 1 }, 'BUILTIN_PARAMS_INVALID'],
      [{ lines: 5, betPerLine: 0.001 }, 'BUILTIN_PARAMS_INVALID'],
      [{ lines: 5, betPerLine: 0.01 }, 'BUILTIN_STAKE_OUT_OF_RANGE'],
      [{ lines: 25, betPerLine: 40.01 }, 'BUILTIN_STAKE_OUT_OF_RANGE'],
    ] as const;
    for (const [params, errorCode] of refused) {
      const answer = await play(gameSession, params);
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe(errorCode);
    }
    const { gameSession: jade } = await player(builtinGameCodes.jadeDragon);
    const tooManyLines = await play(jade, { lines: 21, betPerLine: 1 });
    expect(tooManyLines.body.errorCode).toBe('BUILTIN_PARAMS_INVALID');
    expect(await availableMinor(db, memberId)).toBe(before);
  });
});
