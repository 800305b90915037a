import type { MinesView } from '@app/contract';
import { type MinesState, minesMultiplierScaled, safeTileCount } from '@app/game-math/mines/index';

/**
 * What the player sees of a Mines round: the revealed tiles and the multipliers, never where the
 * mines are until the round is over.
 */
export function minesViewOf(state: MinesState): MinesView {
  const reveals = state.revealed.length;
  const playing = state.status === 'playing';
  const view: MinesView = {
    mineCount: state.mineCount,
    revealed: state.revealed,
    status: state.status,
    multiplierScaled: playing
      ? reveals > 0
        ? minesMultiplierScaled(state.mineCount, reveals)
        : 0
      : state.multiplierScaled,
    nextMultiplierScaled:
      playing && reveals < safeTileCount(state.mineCount)
        ? minesMultiplierScaled(state.mineCount, reveals + 1)
        : null,
  };
  if (playing) return view;
  return { ...view, mines: state.mines, hitTile: state.hitTile };
}
