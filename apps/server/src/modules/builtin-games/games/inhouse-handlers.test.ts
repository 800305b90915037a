import type { MinesView } from '@app/contract';
import { fairRandomSource } from '@app/game-math';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error.js';
import { diceHandler } from './dice/dice-handler.js';
import { builtinGameHandlerOf } from './index.js';
import { minesHandler } from './mines/mines-handler.js';
import { plinkoHandler } from './plinko/plinko-handler.js';

const limits = { minStakeMinor: 10n, maxStakeMinor: 100_000n, maxPayoutMinor: 10_000_000n };
const fixed = (value: number) => ({ next: () => value });
const seeds = { serverSeed: 'c'.repeat(64), clientSeed: 'me', nonce: 0 };

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('in-house handlers in the registry', () => {
  it('are found by game code', () => {
    expect(builtinGameHandlerOf('inh-dice')).toBe(diceHandler);
    expect(builtinGameHandlerOf('inh-mines')).toBe(minesHandler);
    expect(builtinGameHandlerOf('inh-plinko')).toBe(plinkoHandler);
  });
});

describe('stakes', () => {
  it.each([
    [0.1, 10n],
    [1000, 100_000n],
    [12.34, 1234n],
  ])('a stake of %s is %s minor units', (stake, minor) => {
    expect(diceHandler.stakeOf({ stake, target: 50, direction: 'under' }, limits)).toBe(minor);
    expect(plinkoHandler.stakeOf({ stake, rows: 8, risk: 'low' }, limits)).toBe(minor);
    expect(minesHandler.stakeOf({ stake, mineCount: 3 }, limits)).toBe(minor);
  });

  it.each([0.09, 1000.01])('refuses %s outside the merchant limits, naming them', (stake) => {
    const error = errorOf(() => minesHandler.stakeOf({ stake, mineCount: 3 }, limits));
    expect(error.errorCode).toBe('BUILTIN_STAKE_OUT_OF_RANGE');
    expect(error.details).toMatchObject({ field: 'stake', minAmount: 0.1, maxAmount: 1000 });
  });

  it('checks the params with the schema: bad targets, mine counts, rows, risks, decimals', () => {
    expect(
      diceHandler.paramsSchema.safeParse({ stake: 1, target: 0, direction: 'under' }).success,
    ).toBe(false);
    expect(
      diceHandler.paramsSchema.safeParse({ stake: 1, target: 50.001, direction: 'over' }).success,
    ).toBe(false);
    expect(
      diceHandler.paramsSchema.safeParse({ stake: 1.001, target: 50, direction: 'over' }).success,
    ).toBe(false);
    expect(minesHandler.paramsSchema.safeParse({ stake: 1, mineCount: 25 }).success).toBe(false);
    expect(minesHandler.paramsSchema.safeParse({ stake: 1, mineCount: 0 }).success).toBe(false);
    expect(plinkoHandler.paramsSchema.safeParse({ stake: 1, rows: 17, risk: 'low' }).success).toBe(
      false,
    );
    expect(plinkoHandler.paramsSchema.safeParse({ stake: 1, rows: 8, risk: 'wild' }).success).toBe(
      false,
    );
    expect(minesHandler.actionSchema.safeParse({ type: 'reveal', tile: 25 }).success).toBe(false);
  });

  it('refuses a dice target whose chance is above 98 % for its direction', () => {
    const error = errorOf(() =>
      diceHandler.stakeOf({ stake: 1, target: 99, direction: 'under' }, limits),
    );
    expect(error).toMatchObject({
      errorCode: 'BUILTIN_PARAMS_INVALID',
      details: { field: 'target' },
    });
  });
});

describe('dice and plinko rounds', () => {
  it('dice pays stake x multiplier, exact in minor units, and nothing on a loss', () => {
    const params = { stake: 3.33, target: 90, direction: 'over' } as const;
    expect(diceHandler.play(fixed(0.95), params, 333n)).toEqual({
      payoutMinor: 3299n,
      outcome: { rollHundredths: 9500, won: true, multiplierScaled: 99_099 },
    });
    expect(diceHandler.play(fixed(0.9), params, 333n).payoutMinor).toBe(0n);
  });

  it('plinko pays the bucket multiplier of its table', () => {
    // Every float 0.99: all rights, the far-right bucket (16 high pays 990x).
    const round = plinkoHandler.play(fixed(0.99), { stake: 1, rows: 16, risk: 'high' }, 100n);
    expect(round.outcome).toMatchObject({ bucket: 16, multiplierHundredths: 99_000 });
    expect(round.payoutMinor).toBe(99_000n);
  });
});

describe('mines rounds', () => {
  const params = { stake: 1, mineCount: 3 };

  function started() {
    return minesHandler.start(fairRandomSource(seeds), params, 100n);
  }
  const safeTiles = (mines: number[]) =>
    Array.from({ length: 25 }, (_, i) => i).filter((tile) => !mines.includes(tile));

  it('starts with the mines in the outcome but never in the view', () => {
    const { state, outcome, view } = started();
    expect(outcome).toEqual({ mines: state.mines });
    expect(view).toEqual({
      mineCount: 3,
      revealed: [],
      status: 'playing',
      multiplierScaled: 0,
      nextMultiplierScaled: 11_250,
    });
    expect(JSON.stringify(view)).not.toContain('mines"');
  });

  it('reveals, then cashes out at the multiplier of the reveals; later actions are refused', () => {
    const { state } = started();
    const [first, second] = safeTiles(state.mines) as [number, number];
    const one = minesHandler.act(state, { type: 'reveal', tile: first }, 100n);
    expect(one).toMatchObject({ finished: false, payoutMinor: 0n });
    expect((one.view as MinesView).mines).toBeUndefined();
    const two = minesHandler.act(one.state, { type: 'reveal', tile: second }, 100n);
    expect((two.view as MinesView).multiplierScaled).toBe(12_857);
    const done = minesHandler.act(two.state, { type: 'cashOut' }, 100n);
    expect(done).toMatchObject({ finished: true, payoutMinor: 128n });
    expect((done.view as MinesView).mines).toEqual(state.mines);
    for (const action of [{ type: 'cashOut' }, { type: 'reveal', tile: 0 }] as const) {
      expect(errorOf(() => minesHandler.act(done.state, action, 100n)).errorCode).toBe(
        'BUILTIN_ROUND_FINISHED',
      );
    }
  });

  it('a mine loses the stake and shows the board', () => {
    const { state } = started();
    const hit = minesHandler.act(state, { type: 'reveal', tile: state.mines[0] as number }, 100n);
    expect(hit).toMatchObject({ finished: true, payoutMinor: 0n });
    expect(hit.view).toMatchObject({
      status: 'busted',
      hitTile: state.mines[0],
      mines: state.mines,
    });
  });

  it('refuses a cash out before any reveal and a tile revealed twice', () => {
    const { state } = started();
    expect(errorOf(() => minesHandler.act(state, { type: 'cashOut' }, 100n)).details).toEqual({
      field: 'type',
    });
    const tile = safeTiles(state.mines)[0] as number;
    const one = minesHandler.act(state, { type: 'reveal', tile }, 100n);
    expect(
      errorOf(() => minesHandler.act(one.state, { type: 'reveal', tile }, 100n)).details,
    ).toEqual({
      field: 'tile',
    });
  });

  it('abandon cashes out what is revealed, or gives the stake back with nothing revealed', () => {
    const { state } = started();
    expect(minesHandler.abandon(state, 100n)).toMatchObject({ payoutMinor: 100n });
    const one = minesHandler.act(
      state,
      { type: 'reveal', tile: safeTiles(state.mines)[0] as number },
      100n,
    );
    const left = minesHandler.abandon(one.state, 100n);
    expect(left.payoutMinor).toBe(112n);
    expect(left.view).toMatchObject({ status: 'cashedOut', mines: state.mines });
    // Abandoning a finished round changes nothing.
    expect(minesHandler.abandon(left.state, 100n).payoutMinor).toBe(112n);
  });
});

describe('the contract bounds', () => {
  it('equal the game maths bounds', async () => {
    const contract = await import('@app/contract');
    const mines = await import('@app/game-math/mines/index');
    const plinko = await import('@app/game-math/plinko/index');
    const dice = await import('@app/game-math/dice/index');
    expect([contract.MINES_COUNT_MIN, contract.MINES_COUNT_MAX]).toEqual([
      mines.MINES_MIN_COUNT,
      mines.MINES_MAX_COUNT,
    ]);
    expect(contract.MINES_TILE_MAX).toBe(mines.MINES_TILE_COUNT - 1);
    expect([contract.PLINKO_ROWS_MIN, contract.PLINKO_ROWS_MAX]).toEqual([
      plinko.PLINKO_MIN_ROWS,
      plinko.PLINKO_MAX_ROWS,
    ]);
    expect([...contract.plinkoRiskLevels]).toEqual([...plinko.plinkoRisks]);
    expect(contract.DICE_TARGET_MIN * 100).toBe(dice.diceTargetRange('under').min);
    expect(Math.round(contract.DICE_TARGET_MAX * 100)).toBe(dice.diceTargetRange('over').max);
  });
});
