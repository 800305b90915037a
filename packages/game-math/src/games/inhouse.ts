import { type DiceParams, diceBetOf, rollDice } from '../dice';
import { DICE_GAME_CODE } from '../dice/dice';
import { INHOUSE_RTP, multiplierOf } from '../inhouse-multiplier';
import {
  cashOutMines,
  MINES_GAME_CODE,
  type MinesState,
  placeMines,
  revealTile,
  startMines,
} from '../mines';
import { dropPlinko, PLINKO_GAME_CODE, PLINKO_MULTIPLIER_SCALE, type PlinkoRisk } from '../plinko';
import type { SimulatedGame } from './simulated';
import type { VerifiableGame } from './verifiable';

/**
 * Dice, Mines and Plinko in the verify page's and bench:rtp's registries. `replay` answers
 * exactly the `outcome` the server stores: Dice and Plinko their result, Mines the mine tiles.
 */

export const inhouseVerifiableGames: VerifiableGame[] = [
  {
    gameCode: DICE_GAME_CODE,
    replay: (source, params) => rollDice(source, diceBetOf(params as DiceParams)),
  },
  {
    gameCode: MINES_GAME_CODE,
    replay: (source, params) => ({
      mines: placeMines(source, (params as { mineCount: number }).mineCount),
    }),
  },
  {
    gameCode: PLINKO_GAME_CODE,
    replay: (source, params) => dropPlinko(source, params as { rows: number; risk: PlinkoRisk }),
  },
];

function diceVariant(target: number, direction: DiceParams['direction']): SimulatedGame {
  const bet = diceBetOf({ stake: 1, target, direction });
  return {
    gameCode: DICE_GAME_CODE,
    label: `Dice roll ${direction} ${target.toFixed(2)}`,
    declaredRtp: INHOUSE_RTP,
    simulateRound(source) {
      return { stake: 1, payout: multiplierOf(rollDice(source, bet).multiplierScaled) };
    },
  };
}

/** A player who reveals tiles in order until `reveals` are safe, then cashes out. */
function minesVariant(mineCount: number, reveals: number): SimulatedGame {
  return {
    gameCode: MINES_GAME_CODE,
    label: `Mines ${mineCount} mines, cash out after ${reveals}`,
    declaredRtp: INHOUSE_RTP,
    simulateRound(source) {
      let state: MinesState = startMines(source, mineCount);
      for (let tile = 0; state.status === 'playing' && state.revealed.length < reveals; tile++) {
        const move = revealTile(state, tile);
        if (move.ok) state = move.state;
      }
      if (state.status === 'playing') {
        const move = cashOutMines(state);
        if (move.ok) state = move.state;
      }
      return { stake: 1, payout: multiplierOf(state.multiplierScaled) };
    },
  };
}

function plinkoVariant(rows: number, risk: PlinkoRisk): SimulatedGame {
  return {
    gameCode: PLINKO_GAME_CODE,
    label: `Plinko ${rows} rows, ${risk} risk`,
    declaredRtp: INHOUSE_RTP,
    simulateRound(source) {
      const { multiplierHundredths } = dropPlinko(source, { rows, risk });
      return { stake: 1, payout: multiplierHundredths / PLINKO_MULTIPLIER_SCALE };
    },
  };
}

export const inhouseSimulatedGames: SimulatedGame[] = [
  diceVariant(50, 'under'),
  diceVariant(90, 'over'),
  diceVariant(2, 'under'),
  minesVariant(3, 5),
  minesVariant(1, 12),
  minesVariant(10, 3),
  minesVariant(24, 1),
  plinkoVariant(8, 'low'),
  plinkoVariant(12, 'medium'),
  plinkoVariant(16, 'high'),
];
