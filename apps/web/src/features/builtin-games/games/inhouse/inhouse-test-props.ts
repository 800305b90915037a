import type { BuiltinRound } from '@app/contract/client';
import { vi } from 'vitest';
import type { GameClientProps } from '../../game-client-types';

/** A round as the engine answers it, for component tests. */
export function roundOf(
  fields: Partial<BuiltinRound> & Pick<BuiltinRound, 'detail'>,
): BuiltinRound {
  return {
    roundId: '1',
    gameCode: 'inh-dice',
    status: 'settled',
    stake: 1,
    payout: 0,
    payoutCapped: false,
    proof: { serverSeedHash: 'h', serverSeed: null, clientSeed: 'c', nonce: 0 },
    startedAt: '2026-11-22T18:00:00.000Z',
    settledAt: '2026-11-22T18:00:00.000Z',
    ...fields,
  };
}

export function clientProps(overrides: Partial<GameClientProps> = {}): GameClientProps {
  return {
    gameCode: 'inh-dice',
    currency: 'VND',
    limits: { minStake: 1, maxStake: 1000, maxPayout: 100_000 },
    settings: { autoplayAllowed: false, turboAllowed: false },
    resumeRound: null,
    play: vi.fn(),
    act: vi.fn(),
    showBalance: vi.fn(),
    sound: { play: vi.fn() },
    ...overrides,
  };
}
