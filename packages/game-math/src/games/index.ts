import { JADE_DRAGON } from '../slots/games/jade-dragon';
import { NEON_FRUITS } from '../slots/games/neon-fruits';
import { slotSimulated, slotVerifiable } from '../slots/slot-games';
import { inhouseSimulatedGames, inhouseVerifiableGames } from './inhouse';
import type { SimulatedGame } from './simulated';
import type { VerifiableGame } from './verifiable';

export type { SimulatedGame } from './simulated';
export type { VerifiableGame } from './verifiable';

/**
 * Every built-in game the verify page can recompute, by catalogue game code. Each game's maths
 * adds its entry here (one line per game).
 */
export const verifiableGames: VerifiableGame[] = [
  slotVerifiable(JADE_DRAGON),
  slotVerifiable(NEON_FRUITS),
  ...inhouseVerifiableGames,
];

/** Every built-in game (and variant) that `npm run bench:rtp` simulates (one line each). */
export const simulatedGames: SimulatedGame[] = [
  slotSimulated(JADE_DRAGON),
  slotSimulated(NEON_FRUITS),
  ...inhouseSimulatedGames,
];

export function verifiableGameOf(gameCode: string): VerifiableGame | undefined {
  return verifiableGames.find((game) => game.gameCode === gameCode);
}
