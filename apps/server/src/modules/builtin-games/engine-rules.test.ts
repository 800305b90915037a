import {
  builtinGamesSettingsSchema,
  diceParamsSchema,
  minesActionSchema,
  minesParamsSchema,
  plinkoParamsSchema,
  SEAMLESS_AMOUNT_MAX_MINOR,
  slotParamsSchema,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { BuiltinRoundRow } from './repository.js';
import { parseWith, sameStepAction } from './round-helpers.js';
import { publicRound } from './service.js';
import { limitsOf } from './settings.js';

const round: BuiltinRoundRow = {
  id: 42n,
  merchantCode: 'DEMO',
  memberId: 1n,
  gameCode: 'inh-mines',
  sessionTokenHash: 'h',
  clientRoundId: 'c',
  kind: 'stepped',
  status: 'open',
  params: { stake: 1, mines: 3 },
  paramsFingerprint: 'f',
  seedPairId: 1n,
  nonce: 4,
  stakeMinor: 100n,
  payoutMinor: 0n,
  payoutCapped: false,
  maxPayoutMinor: 1000n,
  outcome: { mines: [1, 2, 3] },
  view: { revealed: [] },
  state: { secret: true },
  steps: 2,
  stepActions: [
    { type: 'reveal', tile: 3 },
    { type: 'reveal', tile: 7 },
  ],
  errorCode: null,
  resumePending: false,
  createdAt: new Date('2026-11-22T00:00:00Z'),
  updatedAt: new Date('2026-11-22T00:00:00Z'),
  settledAt: null,
  paidThrough: 'ledger',
  proof: { serverSeedHash: 'hash', serverSeed: null, clientSeed: 'client' },
};

describe('merchant settings of the built-in games', () => {
  it('parse an old row ({}) with autoplay and turbo off and the currency profile', () => {
    const settings = builtinGamesSettingsSchema.parse({});
    expect(settings).toEqual({
      autoplayAllowed: false,
      turboAllowed: false,
      limits: {},
      stakeProfiles: {},
    });
    expect(limitsOf(settings, 'inh-dice', 'USD')).toEqual({
      minStakeMinor: 10n,
      maxStakeMinor: 100_000n,
      maxPayoutMinor: 10_000_000n,
    });
  });

  it('size every game for a VND merchant: 1,000 ₫ to 20,000,000 ₫ a round', () => {
    const settings = builtinGamesSettingsSchema.parse({});
    for (const gameCode of ['inh-dice', 'inh-mines', 'inh-plinko', 'inh-jade-dragon']) {
      expect(limitsOf(settings, gameCode, 'VND')).toEqual({
        minStakeMinor: 100_000n,
        maxStakeMinor: 2_000_000_000n,
        maxPayoutMinor: 200_000_000_000n,
      });
    }
  });

  it("take the merchant's own profile for its currency, and a game's own limits over it", () => {
    const settings = builtinGamesSettingsSchema.parse({
      stakeProfiles: { VND: { minStakeMinor: 500_000 } },
      limits: { 'inh-dice': { maxStakeMinor: 1_000_000 } },
    });
    expect(limitsOf(settings, 'inh-plinko', 'VND').minStakeMinor).toBe(500_000n);
    expect(limitsOf(settings, 'inh-dice', 'VND')).toMatchObject({
      minStakeMinor: 500_000n,
      maxStakeMinor: 1_000_000n,
    });
    // Another currency's merchant is not touched by the VND profile.
    expect(limitsOf(settings, 'inh-plinko', 'USD').minStakeMinor).toBe(10n);
  });

  it("take a game's own limits field by field", () => {
    const settings = builtinGamesSettingsSchema.parse({
      limits: { 'inh-dice': { maxPayoutMinor: 5000 } },
    });
    expect(limitsOf(settings, 'inh-dice', 'USD').maxPayoutMinor).toBe(5000n);
    expect(limitsOf(settings, 'inh-dice', 'USD').minStakeMinor).toBe(10n);
    expect(limitsOf(settings, 'inh-plinko', 'USD').maxPayoutMinor).toBe(10_000_000n);
  });

  it('never go past what the seamless wallet takes in one call', () => {
    const huge = Number.MAX_SAFE_INTEGER;
    const settings = builtinGamesSettingsSchema.parse({
      limits: { 'inh-dice': { maxStakeMinor: huge, maxPayoutMinor: huge } },
    });
    expect(limitsOf(settings, 'inh-dice', 'USD')).toMatchObject({
      maxStakeMinor: BigInt(SEAMLESS_AMOUNT_MAX_MINOR),
      maxPayoutMinor: BigInt(SEAMLESS_AMOUNT_MAX_MINOR),
    });
  });
});

describe('a round as the API answers it', () => {
  it('hides the outcome of a stepped round in play, never shows its state, and counts steps', () => {
    const open = publicRound(round);
    expect(open).toMatchObject({
      roundId: '42',
      status: 'open',
      stake: 1,
      steps: 2,
      detail: { params: { stake: 1, mines: 3 }, outcome: null, view: { revealed: [] } },
      proof: { serverSeedHash: 'hash', serverSeed: null, clientSeed: 'client', nonce: 4 },
    });
    expect(JSON.stringify(open)).not.toContain('secret');
    const settled = publicRound({ ...round, status: 'settled', settledAt: new Date() });
    expect(settled.detail.outcome).toEqual({ mines: [1, 2, 3] });
  });

  it('shows a paying or pending round as open, and a cancelled one as cancelled', () => {
    expect(publicRound({ ...round, kind: 'instant', status: 'paying' }).status).toBe('open');
    expect(publicRound({ ...round, kind: 'instant', status: 'pending' }).detail.outcome).toEqual({
      mines: [1, 2, 3],
    });
    expect(publicRound({ ...round, status: 'cancelled' }).status).toBe('cancelled');
  });
});

function fieldRefused(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.errorCode, details: error.details };
    throw error;
  }
  throw new Error('not refused');
}

describe('parameters and actions of a round', () => {
  it('refuse a key no game knows, naming it, for every game', () => {
    const cases: [z.ZodType, unknown][] = [
      [diceParamsSchema, { stake: 1, target: 50, direction: 'over', junk: 'x'.repeat(1000) }],
      [minesParamsSchema, { stake: 1, mineCount: 3, junk: 1 }],
      [plinkoParamsSchema, { stake: 1, rows: 8, risk: 'low', junk: [] }],
      [slotParamsSchema, { betPerLine: 1, junk: {} }],
    ];
    for (const [schema, params] of cases) {
      expect(fieldRefused(() => parseWith(schema, params, 'params'))).toEqual({
        code: 'BUILTIN_PARAMS_INVALID',
        details: { field: 'params.junk' },
      });
    }
    expect(
      fieldRefused(() => parseWith(minesActionSchema, { type: 'cashOut', note: 'x' }, 'action')),
    ).toEqual({ code: 'BUILTIN_PARAMS_INVALID', details: { field: 'action.note' } });
  });

  it('name the field of a wrong value, and answer the parsed value', () => {
    expect(fieldRefused(() => parseWith(minesParamsSchema, { stake: 1 }, 'params'))).toEqual({
      code: 'BUILTIN_PARAMS_INVALID',
      details: { field: 'params.mineCount' },
    });
    expect(parseWith(minesParamsSchema, { mineCount: 3, stake: 1 }, 'params')).toEqual({
      stake: 1,
      mineCount: 3,
    });
  });

  it('refuse a key that a stripping schema would drop (stored params are the parsed ones)', () => {
    const loose = z.object({ stake: z.number(), inner: z.object({ a: z.number() }) });
    expect(
      fieldRefused(() => parseWith(loose, { stake: 1, inner: { a: 1, b: 2 } }, 'params')),
    ).toEqual({ code: 'BUILTIN_PARAMS_INVALID', details: { field: 'params.inner.b' } });
  });

  it('take a step again only with the action it was taken with', () => {
    expect(sameStepAction(round, 1, { tile: 7, type: 'reveal' })).toBe(true);
    expect(sameStepAction(round, 1, { type: 'reveal', tile: 12 })).toBe(false);
    expect(sameStepAction(round, 0, { type: 'cashOut' })).toBe(false);
    // Steps taken before actions were recorded are taken on trust.
    expect(sameStepAction({ ...round, stepActions: [] }, 1, { type: 'cashOut' })).toBe(true);
  });
});
