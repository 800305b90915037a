import { type BuiltinGameCode, builtinGameCodes } from '@app/contract/client';
import { JADE_DRAGON } from '@app/game-math/slots/games/jade-dragon';
import { NEON_FRUITS } from '@app/game-math/slots/games/neon-fruits';
import type { SlotGame } from '@app/game-math/slots/types';

/**
 * Each slot's maths (the same data the server plays, from `@app/game-math`) and its look: the
 * theme is the game's own art, set as CSS custom properties on the game's root, so the site's
 * theme (light or dark) does not repaint the machine.
 */
export interface SlotTheme {
  /** Background of the cabinet and of the reel window. */
  cabinet: string;
  window: string;
  /** Frame, highlighted cells and pay lines. */
  accent: string;
  /** Text on the cabinet. */
  ink: string;
  /** Glow of wins (a neon look for Neon Fruits). */
  glow: string;
}

export interface SlotEntry {
  game: SlotGame;
  nameKey: string;
  theme: SlotTheme;
}

export const slotEntries: Partial<Record<BuiltinGameCode, SlotEntry>> = {
  [builtinGameCodes.jadeDragon]: {
    game: JADE_DRAGON,
    nameKey: 'slots.game_jade_dragon',
    theme: {
      cabinet: 'linear-gradient(160deg, #0f3d2e 0%, #062019 60%, #3a0d0d 100%)',
      window: '#0b2a20',
      accent: '#e0b84c',
      ink: '#f5ecd2',
      glow: '0 0 12px #e0b84c',
    },
  },
  [builtinGameCodes.neonFruits]: {
    game: NEON_FRUITS,
    nameKey: 'slots.game_neon_fruits',
    theme: {
      cabinet: 'linear-gradient(160deg, #1a0633 0%, #07051a 60%, #001f33 100%)',
      window: '#0a0820',
      accent: '#ff3df2',
      ink: '#e9f9ff',
      glow: '0 0 14px #24f0ff',
    },
  },
};

export function slotEntryOf(gameCode: BuiltinGameCode): SlotEntry {
  const entry = slotEntries[gameCode];
  if (!entry) throw new Error(`${gameCode} is not a slot`);
  return entry;
}
