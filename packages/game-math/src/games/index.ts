import type { VerifiableGame } from './verifiable';

export type { VerifiableGame } from './verifiable';

/**
 * Every built-in game the verify page can recompute, by catalogue game code. Each game's maths
 * adds its entry here (one line per game).
 */
export const verifiableGames: VerifiableGame[] = [];

export function verifiableGameOf(gameCode: string): VerifiableGame | undefined {
  return verifiableGames.find((game) => game.gameCode === gameCode);
}
