import type { RandomSource } from '@app/game-math';
import type { z } from 'zod';

/**
 * How one built-in game plugs into the round engine (docs/games-builtin.md). The engine owns
 * sessions, seeds, limits, money and records; a handler owns only its game's rules, and is pure:
 * every outcome comes from the fair `source` it is given, never from anything else.
 */

/** The merchant's limits for one game, minor units (merchant settings, with defaults). */
export interface GameLimits {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  /** No round pays more than this; the engine caps the payout and records the cap. */
  maxPayoutMinor: bigint;
}

/** What the engine stores in `game_rounds.detail` and shows in history and on the verify page. */
export interface RoundDetail {
  /** The parameters the player chose (stake included), as sent. */
  params: unknown;
  /** Exactly what `VerifiableGame.replay` recomputes from the seeds and params. */
  outcome: unknown;
  /** Anything else the client needs to draw the round (for a stepped game, its public view). */
  view?: unknown;
}

interface HandlerBase<P> {
  gameCode: string;
  /** The play parameters, from the contract (the engine validates before calling). */
  paramsSchema: z.ZodType<P>;
  /**
   * The stake of a round with these parameters. Throws `AppError('BUILTIN_STAKE_OUT_OF_RANGE')`
   * (or a game's own code) when the parameters break the limits.
   */
  stakeOf(params: P, limits: GameLimits): bigint;
}

/** A game decided in one call: slots (free spins included), dice, plinko. */
export interface InstantGameHandler<P> extends HandlerBase<P> {
  kind: 'instant';
  play(
    source: RandomSource,
    params: P,
    stakeMinor: bigint,
  ): { payoutMinor: bigint; outcome: unknown; view?: unknown };
}

/**
 * A game of several steps (Mines): `start` decides every hidden outcome from the fair stream at
 * once (so the seeds prove the whole round), `act` applies the player's choices.
 */
export interface SteppedGameHandler<P, A, S> extends HandlerBase<P> {
  kind: 'stepped';
  actionSchema: z.ZodType<A>;
  start(
    source: RandomSource,
    params: P,
    stakeMinor: bigint,
  ): { state: S; outcome: unknown; view: unknown };
  act(
    state: S,
    action: A,
    stakeMinor: bigint,
  ): { state: S; view: unknown; finished: boolean; payoutMinor: bigint };
  /** Closes a round the player left open (interrupted-game rule): what it pays as it stands. */
  abandon(state: S, stakeMinor: bigint): { state: S; view: unknown; payoutMinor: bigint };
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds handlers of every game's own types.
export type BuiltinGameHandler = InstantGameHandler<any> | SteppedGameHandler<any, any, any>;
