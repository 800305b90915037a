import { builtinGameCodes, type MinesView } from '@app/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { availableMinor } from '../../../../test/seamless-helpers.js';
import { useEnginePlayers } from '../test/engine-players.js';

const inhouseCodes = [builtinGameCodes.dice, builtinGameCodes.mines, builtinGameCodes.plinko];

describe('Dice, Mines and Plinko through the round engine', () => {
  const { context, post, player, play, rotate, replay } = useEnginePlayers(
    inhouseCodes,
    'INHOUSE',
    'inh',
  );

  /** Rotates the seed pair and recomputes the round from the revealed seeds. */
  async function replayed(gameSession: string, gameCode: string, params: unknown, nonce: number) {
    return replay(gameCode, await rotate(gameSession), params, nonce);
  }

  it.each([
    [builtinGameCodes.dice, { stake: 2.5, target: 50, direction: 'over' }],
    [builtinGameCodes.plinko, { stake: 3.33, rows: 16, risk: 'high' }],
  ])(
    '%s: the balance moves by exactly payout - stake, and the seeds prove the outcome',
    async (gameCode, params) => {
      const { db } = context.database;
      const { memberId, gameSession } = await player(gameCode);
      const before = await availableMinor(db, memberId);
      const answer = await play(gameSession, params);
      expect(answer.status).toBe(200);
      const { round } = answer.body.value;
      expect(round.status).toBe('settled');
      const after = await availableMinor(db, memberId);
      expect(after - before).toBe(BigInt(Math.round((round.payout - round.stake) * 100)));
      expect(await replayed(gameSession, gameCode, params, round.proof.nonce)).toEqual(
        round.detail.outcome,
      );
    },
  );

  it('refuses stakes outside the limits and impossible dice targets, changing nothing', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(builtinGameCodes.dice);
    const before = await availableMinor(db, memberId);
    const tooHigh = await play(gameSession, { stake: 1000.01, target: 50, direction: 'over' });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errorCode).toBe('BUILTIN_STAKE_OUT_OF_RANGE');
    const tooSure = await play(gameSession, { stake: 1, target: 99, direction: 'under' });
    expect(tooSure.status).toBe(400);
    expect(tooSure.body.errorCode).toBe('BUILTIN_PARAMS_INVALID');
    expect(await availableMinor(db, memberId)).toBe(before);
  });

  it('mines: hides the mines while open, settles a reveal exactly, refuses actions after the end', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(builtinGameCodes.mines);
    const before = await availableMinor(db, memberId);
    const params = { stake: 5, mineCount: 3 };
    const started = await play(gameSession, params);
    expect(started.status).toBe(200);
    const { round } = started.body.value;
    expect(round.status).toBe('open');
    expect(JSON.stringify(round.detail)).not.toMatch(/"mines"/);
    expect(round.detail.view).toMatchObject({ status: 'playing', revealed: [] });

    const act = (step: number, action: unknown) =>
      post('/act', { gameSession, roundId: round.roundId, step, action });
    const early = await act(0, { type: 'cashOut' });
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe('INHOUSE_ACTION_INVALID');

    const revealed = await act(0, { type: 'reveal', tile: 12 });
    expect(revealed.status).toBe(200);
    let last = revealed.body.value.round;
    let steps = 1;
    if (last.status === 'open') {
      const cashed = await act(1, { type: 'cashOut' });
      expect(cashed.status).toBe(200);
      last = cashed.body.value.round;
      steps = 2;
      expect(last.payout).toBe(5.62);
    } else {
      expect(last.payout).toBe(0);
    }
    expect(last.status).toBe('settled');
    const view = last.detail.view as MinesView;
    expect(view.mines).toHaveLength(3);
    const after = await availableMinor(db, memberId);
    expect(after - before).toBe(BigInt(Math.round((last.payout - 5) * 100)));

    const late = await act(steps, { type: 'reveal', tile: 13 });
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe('BUILTIN_ROUND_FINISHED');
    expect(await replayed(gameSession, builtinGameCodes.mines, params, round.proof.nonce)).toEqual({
      mines: view.mines,
    });
  });

  it('mines: a used step with another action is a conflict; with the same one it replays', async () => {
    const { db } = context.database;
    const { memberId, gameSession } = await player(builtinGameCodes.mines);
    const started = await play(gameSession, { stake: 1, mineCount: 1 });
    const { round } = started.body.value;
    const hidden = await sql<{ outcome: { mines: number[] } }>`
      SELECT outcome FROM builtin_rounds WHERE id = ${round.roundId}
    `.execute(db);
    const mines = hidden.rows[0]?.outcome.mines ?? [];
    const [first, second] = [...Array(25).keys()].filter((tile) => !mines.includes(tile));
    const act = (step: number, action: unknown) =>
      post('/act', { gameSession, roundId: round.roundId, step, action });

    const revealed = await act(0, { type: 'reveal', tile: first });
    expect(revealed.status).toBe(200);
    const retried = await act(0, { tile: first, type: 'reveal' });
    expect(retried.status).toBe(200);
    expect(retried.body.value.round).toEqual(revealed.body.value.round);
    const afterReveal = await availableMinor(db, memberId);
    for (const other of [{ type: 'reveal', tile: second }, { type: 'cashOut' }]) {
      const conflict = await act(0, other);
      expect(conflict.status).toBe(409);
      expect(conflict.body.errorCode).toBe('BUILTIN_STEP_ACTION_CONFLICT');
    }
    expect(await availableMinor(db, memberId)).toBe(afterReveal);
    const cashed = await act(1, { type: 'cashOut' });
    expect(cashed.body.value.round.status).toBe('settled');
    const lateOther = await act(1, { type: 'reveal', tile: second });
    expect(lateOther.body.errorCode).toBe('BUILTIN_STEP_ACTION_CONFLICT');
    expect((await act(1, { type: 'cashOut' })).body.value.round).toEqual(cashed.body.value.round);
  });
});
