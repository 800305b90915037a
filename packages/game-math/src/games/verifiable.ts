import type { RandomSource } from '../fair/random-source';

/**
 * A built-in game as the verify page sees it: given the fair stream of a round and the
 * parameters the player chose, `replay` recomputes the outcome that the server stored in the
 * round's detail (`detail.outcome`), so anyone can check a round from its revealed seeds.
 * Stepped games (Mines) decide every hidden outcome at the start, so replaying the start is
 * enough.
 */
export interface VerifiableGame {
  gameCode: string;
  replay(source: RandomSource, params: unknown): unknown;
}
