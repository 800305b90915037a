/**
 * The sandbox provider's games: pure rules, given a source of uniform random integers (the
 * service passes node's CSPRNG). Multipliers are in basis points (10 000 = 1x) so that every
 * payout is integer arithmetic: win = floor(stake x multiplier / 10 000).
 */

import { defaultStakeProfileOf, type PvpRoomTier, pvpRoomStakesOf } from '@app/contract';

export const SANDBOX_GAME_CODES = ['coin-flip', 'lucky-wheel', 'hi-lo', 'dice-duel'] as const;
export type SandboxGameCode = (typeof SANDBOX_GAME_CODES)[number];

export const MULTIPLIER_ONE_BP = 10_000;
/** coin-flip pays 1.96x on a fair coin (RTP 98 %). */
export const COIN_FLIP_MULTIPLIER_BP = 19_600;
/** dice-duel: a higher die pays 1.95x, a tie gives the stake back (RTP 97.9 %). */
export const DICE_DUEL_WIN_MULTIPLIER_BP = 19_500;
export const DICE_DUEL_TIE_MULTIPLIER_BP = MULTIPLIER_ONE_BP;
export const DICE_FACES = 6;
/** hi-lo keeps 3 % of a fair payout. */
export const HI_LO_EDGE_BP = 300;
export const HI_LO_RANKS = 13;

/**
 * lucky-wheel's 20 segments, in the order drawn on the wheel. They add up to 19.2x over 20
 * equally likely segments: declared RTP 96 %.
 */
export const LUCKY_WHEEL_SEGMENTS_BP: readonly number[] = [
  0, 15_000, 0, 5_000, 20_000, 0, 15_000, 0, 5_000, 30_000, 0, 15_000, 0, 5_000, 20_000, 0, 15_000,
  0, 47_000, 0,
];
export const LUCKY_WHEEL_RTP_BP = 9_600;

/** Returns a uniform integer in [0, maxExclusive). */
export type RandomInt = (maxExclusive: number) => number;

export type CoinSide = 'heads' | 'tails';
export type HiLoGuess = 'higher' | 'lower';

export type SandboxChoice =
  | { game: 'coin-flip'; side: CoinSide }
  | { game: 'lucky-wheel' }
  | { game: 'hi-lo'; guess: HiLoGuess }
  | { game: 'dice-duel' };

/** What a round shows and replays; stored in the round's detail and sent to the platform. */
export type SandboxOutcome =
  | { game: 'coin-flip'; choice: CoinSide; outcome: CoinSide; multiplierBp: number }
  | { game: 'lucky-wheel'; segment: number; segments: number; multiplierBp: number }
  | {
      game: 'hi-lo';
      card: number;
      choice: HiLoGuess;
      nextCard: number;
      multiplierBp: number;
      payMultiplierBp: number;
    }
  | { game: 'dice-duel'; playerDie: number; houseDie: number; multiplierBp: number };

export function isSandboxGameCode(code: string): code is SandboxGameCode {
  return (SANDBOX_GAME_CODES as readonly string[]).includes(code);
}

/** How many ranks win a hi-lo guess from this card (a tie loses). */
function hiLoWinningRanks(card: number, guess: HiLoGuess): number {
  return guess === 'higher' ? HI_LO_RANKS - card : card - 1;
}

/**
 * The hi-lo payout of a guess from a card: the fair multiplier (13 / winning ranks) less the
 * edge, rounded down to a whole basis point. Zero when the guess cannot win (higher than a king).
 */
export function hiLoMultiplierBp(card: number, guess: HiLoGuess): number {
  const winning = hiLoWinningRanks(card, guess);
  if (winning <= 0) return 0;
  return Math.floor(((MULTIPLIER_ONE_BP - HI_LO_EDGE_BP) * HI_LO_RANKS) / winning);
}

export function dealHiLoCard(random: RandomInt): number {
  return random(HI_LO_RANKS) + 1;
}

/** Plays one round. `card` is the hi-lo card on the table (ignored by the other games). */
export function playSandboxRound(
  choice: SandboxChoice,
  random: RandomInt,
  card?: number,
): SandboxOutcome {
  switch (choice.game) {
    case 'coin-flip': {
      const outcome: CoinSide = random(2) === 0 ? 'heads' : 'tails';
      return {
        game: 'coin-flip',
        choice: choice.side,
        outcome,
        multiplierBp: outcome === choice.side ? COIN_FLIP_MULTIPLIER_BP : 0,
      };
    }
    case 'lucky-wheel': {
      const segment = random(LUCKY_WHEEL_SEGMENTS_BP.length);
      return {
        game: 'lucky-wheel',
        segment,
        segments: LUCKY_WHEEL_SEGMENTS_BP.length,
        multiplierBp: LUCKY_WHEEL_SEGMENTS_BP[segment] ?? 0,
      };
    }
    case 'hi-lo': {
      if (card === undefined) throw new Error('hi-lo needs the card on the table');
      const nextCard = dealHiLoCard(random);
      const payMultiplierBp = hiLoMultiplierBp(card, choice.guess);
      const won = choice.guess === 'higher' ? nextCard > card : nextCard < card;
      return {
        game: 'hi-lo',
        card,
        choice: choice.guess,
        nextCard,
        payMultiplierBp,
        multiplierBp: won ? payMultiplierBp : 0,
      };
    }
    case 'dice-duel': {
      const playerDie = random(DICE_FACES) + 1;
      const houseDie = random(DICE_FACES) + 1;
      const multiplierBp =
        playerDie > houseDie
          ? DICE_DUEL_WIN_MULTIPLIER_BP
          : playerDie === houseDie
            ? DICE_DUEL_TIE_MULTIPLIER_BP
            : 0;
      return { game: 'dice-duel', playerDie, houseDie, multiplierBp };
    }
  }
}

export function winOf(stakeMinor: bigint, multiplierBp: number): bigint {
  return (stakeMinor * BigInt(multiplierBp)) / BigInt(MULTIPLIER_ONE_BP);
}

/** Stake limits of a game, in minor units. */
export interface StakeLimits {
  minBetMinor: bigint;
  maxBetMinor: bigint;
}

/** The largest stake any currency's table allows (the schema's bound; the profile decides). */
export const SANDBOX_STAKE_SCHEMA_MAX_MINOR = 100_000_000_000n;

/**
 * dice-duel's rooms, the provider's own (the platform's room list names these ids), one per
 * table level. A launch without a known room plays in the first.
 */
export const DICE_DUEL_ROOMS: ReadonlyArray<{ roomId: string; name: string; tier: PvpRoomTier }> = [
  { roomId: 'dice-duel-1', name: 'Bronze', tier: 'bronze' },
  { roomId: 'dice-duel-2', name: 'Silver', tier: 'silver' },
  { roomId: 'dice-duel-3', name: 'Gold', tier: 'gold' },
];

/**
 * A game's stake limits in the session's currency: the provider sizes its tables per currency
 * as the platform's defaults do (`stake-profiles.ts`), so a VND table starts at 1,000 ₫ and a
 * USD one at 0.10. dice-duel's tables take their level's range.
 */
export function stakeLimitsOf(
  game: SandboxGameCode,
  roomId: string | null,
  currency: string,
): StakeLimits {
  const profile = defaultStakeProfileOf(currency);
  if (game === 'dice-duel') {
    const room = DICE_DUEL_ROOMS.find((candidate) => candidate.roomId === roomId);
    const stakes = pvpRoomStakesOf(profile, room?.tier ?? 'bronze');
    return { minBetMinor: BigInt(stakes.minBetMinor), maxBetMinor: BigInt(stakes.maxBetMinor) };
  }
  return { minBetMinor: BigInt(profile.minStakeMinor), maxBetMinor: BigInt(profile.maxStakeMinor) };
}
