import { describe, expect, it } from 'vitest';
import {
  COIN_FLIP_MULTIPLIER_BP,
  DICE_DUEL_ROOMS,
  DICE_FACES,
  HI_LO_RANKS,
  hiLoMultiplierBp,
  LUCKY_WHEEL_RTP_BP,
  LUCKY_WHEEL_SEGMENTS_BP,
  MULTIPLIER_ONE_BP,
  playSandboxRound,
  type RandomInt,
  stakeLimitsOf,
  winOf,
} from './games.js';

/** A random source that answers the given values in turn. */
function scripted(...values: number[]): RandomInt {
  return (maxExclusive) => {
    const value = values.shift();
    if (value === undefined || value >= maxExclusive) throw new Error('script exhausted');
    return value;
  };
}

describe('sandbox games', () => {
  it('coin-flip pays 1.96x on the called side only', () => {
    const won = playSandboxRound({ game: 'coin-flip', side: 'heads' }, scripted(0));
    expect(won).toEqual({
      game: 'coin-flip',
      choice: 'heads',
      outcome: 'heads',
      multiplierBp: COIN_FLIP_MULTIPLIER_BP,
    });
    expect(playSandboxRound({ game: 'coin-flip', side: 'heads' }, scripted(1)).multiplierBp).toBe(
      0,
    );
    expect(winOf(250n, COIN_FLIP_MULTIPLIER_BP)).toBe(490n);
  });

  it("lucky-wheel's segments average exactly its declared 96 % RTP", () => {
    const total = LUCKY_WHEEL_SEGMENTS_BP.reduce((sum, bp) => sum + bp, 0);
    expect(total / LUCKY_WHEEL_SEGMENTS_BP.length).toBe(LUCKY_WHEEL_RTP_BP);
    const round = playSandboxRound({ game: 'lucky-wheel' }, scripted(18));
    expect(round).toMatchObject({ segment: 18, segments: 20, multiplierBp: 47_000 });
  });

  it('hi-lo pays by the odds less 3 %: the RTP of every possible guess is at most 97 %', () => {
    expect(hiLoMultiplierBp(13, 'higher')).toBe(0);
    expect(hiLoMultiplierBp(1, 'lower')).toBe(0);
    expect(hiLoMultiplierBp(1, 'higher')).toBe(Math.floor((9_700 * 13) / 12));
    for (let card = 1; card <= HI_LO_RANKS; card += 1) {
      for (const guess of ['higher', 'lower'] as const) {
        const multiplier = hiLoMultiplierBp(card, guess);
        if (multiplier === 0) continue;
        const winning = guess === 'higher' ? HI_LO_RANKS - card : card - 1;
        const rtpBp = (multiplier * winning) / HI_LO_RANKS;
        expect(rtpBp).toBeLessThanOrEqual(9_700);
        expect(rtpBp).toBeGreaterThan(9_690);
      }
    }
    const round = playSandboxRound({ game: 'hi-lo', guess: 'higher' }, scripted(9), 7);
    expect(round).toMatchObject({ card: 7, nextCard: 10, choice: 'higher' });
    expect(round.multiplierBp).toBe(hiLoMultiplierBp(7, 'higher'));
    // A tie loses.
    expect(playSandboxRound({ game: 'hi-lo', guess: 'higher' }, scripted(6), 7).multiplierBp).toBe(
      0,
    );
  });

  it('dice-duel: higher wins 1.95x, a tie pushes, over all 36 throws an RTP of 97.9 %', () => {
    let paidBp = 0;
    for (let player = 0; player < DICE_FACES; player += 1) {
      for (let house = 0; house < DICE_FACES; house += 1) {
        paidBp += playSandboxRound({ game: 'dice-duel' }, scripted(player, house)).multiplierBp;
      }
    }
    expect(paidBp / 36 / MULTIPLIER_ONE_BP).toBeCloseTo(0.979, 3);
    expect(playSandboxRound({ game: 'dice-duel' }, scripted(2, 2)).multiplierBp).toBe(
      MULTIPLIER_ONE_BP,
    );
  });

  it('stake limits: sized by the currency, dice-duel by room (first room when unknown)', () => {
    expect(stakeLimitsOf('coin-flip', null, 'USD')).toEqual({
      minBetMinor: 10n,
      maxBetMinor: 100_000n,
    });
    expect(stakeLimitsOf('dice-duel', 'dice-duel-2', 'USD')).toEqual({
      minBetMinor: 100n,
      maxBetMinor: 10_000n,
    });
    expect(stakeLimitsOf('dice-duel', 'nope', 'USD')).toEqual(
      stakeLimitsOf('dice-duel', DICE_DUEL_ROOMS[0]?.roomId ?? null, 'USD'),
    );
  });

  it('stake limits of a VND table start at 1,000 ₫ and reach tens of millions', () => {
    expect(stakeLimitsOf('coin-flip', null, 'VND')).toEqual({
      minBetMinor: 100_000n,
      maxBetMinor: 2_000_000_000n,
    });
    expect(stakeLimitsOf('dice-duel', 'dice-duel-1', 'VND')).toEqual({
      minBetMinor: 100_000n,
      maxBetMinor: 10_000_000n,
    });
    expect(stakeLimitsOf('dice-duel', 'dice-duel-3', 'VND')).toEqual({
      minBetMinor: 10_000_000n,
      maxBetMinor: 1_000_000_000n,
    });
  });
});
