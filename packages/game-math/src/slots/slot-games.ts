import type { SimulatedGame } from '../games/simulated';
import type { VerifiableGame } from '../games/verifiable';
import { playSlotRound, slotRoundPay } from './evaluate';
import { JADE_DRAGON } from './games/jade-dragon';
import { NEON_FRUITS } from './games/neon-fruits';
import type { SlotGame } from './types';

/** The built-in slots, by catalogue game code. */
export const slotGames: readonly SlotGame[] = [JADE_DRAGON, NEON_FRUITS];

export function slotGameOf(gameCode: string): SlotGame | undefined {
  return slotGames.find((game) => game.gameCode === gameCode);
}

/**
 * The lines a round's params name: the verify page passes the params the server stored, where
 * `lines` may be absent (then all lines, as the server's default).
 */
function linesOfParams(game: SlotGame, params: unknown): number {
  const lines = (params as { lines?: unknown } | null)?.lines;
  return typeof lines === 'number' ? lines : game.lines.length;
}

export function slotVerifiable(game: SlotGame): VerifiableGame {
  return {
    gameCode: game.gameCode,
    replay: (source, params) => playSlotRound(game, source, linesOfParams(game, params)),
  };
}

/** A simulated round: every line at one unit per line, as most players play. */
export function slotSimulated(game: SlotGame): SimulatedGame {
  const lines = game.lines.length;
  return {
    gameCode: game.gameCode,
    label: `${game.label}, ${lines} lines`,
    declaredRtp: game.declaredRtp,
    simulateRound: (source) => ({ stake: lines, payout: slotRoundPay(game, source, lines) }),
  };
}
