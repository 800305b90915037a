import type { MinesView } from '@app/contract';
import { MINES_BOARD_SIZE, MINES_TILE_COUNT } from '@app/game-math/mines/mines';
import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { INHOUSE_NAMESPACE } from '../inhouse/inhouse-texts';

type TileLook = 'hidden' | 'safe' | 'mine' | 'hit';

function lookOf(tile: number, view: MinesView | null): TileLook {
  if (!view) return 'hidden';
  if (view.hitTile === tile) return 'hit';
  if (view.revealed.includes(tile)) return 'safe';
  if (view.mines?.includes(tile)) return 'mine';
  return 'hidden';
}

const background: Record<TileLook, string> = {
  hidden: 'var(--mantine-color-default)',
  safe: 'var(--mantine-color-teal-light)',
  mine: 'var(--mantine-color-red-light)',
  hit: 'var(--mantine-color-red-filled)',
};
const symbol: Record<TileLook, string> = { hidden: '', safe: '◆', mine: '✹', hit: '✹' };

/** Arrow keys move between tiles (the grid is one tab stop per tile, but arrows are quicker). */
const arrowStep: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -MINES_BOARD_SIZE,
  ArrowDown: MINES_BOARD_SIZE,
};

/**
 * The 5x5 board as buttons: hidden tiles can be revealed while the round is open; at the end the
 * server's view adds the mines, and the board shows them.
 */
export function MinesBoard({
  view,
  canReveal,
  onReveal,
}: {
  view: MinesView | null;
  canReveal: boolean;
  onReveal(tile: number): void;
}) {
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (tile: number) => (event: KeyboardEvent) => {
    const step = arrowStep[event.key];
    if (step === undefined) return;
    const next = tile + step;
    const sameRow =
      Math.abs(step) !== 1 ||
      Math.floor(next / MINES_BOARD_SIZE) === Math.floor(tile / MINES_BOARD_SIZE);
    if (next >= 0 && next < MINES_TILE_COUNT && sameRow) {
      event.preventDefault();
      tiles.current[next]?.focus();
    }
  };
  return (
    <SimpleGrid
      cols={MINES_BOARD_SIZE}
      spacing={8}
      role="group"
      aria-label={t('mines.board')}
      maw={420}
      mx="auto"
      w="100%"
    >
      {Array.from({ length: MINES_TILE_COUNT }, (_, tile) => {
        const look = lookOf(tile, view);
        const n = tile + 1;
        const label =
          look === 'hidden'
            ? t('mines.tile_hidden', { n })
            : look === 'safe'
              ? t('mines.tile_safe', { n })
              : look === 'hit'
                ? t('mines.tile_hit', { n })
                : t('mines.tile_mine', { n });
        return (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: the tiles are fixed positions
            key={tile}
            ref={(element) => {
              tiles.current[tile] = element;
            }}
            aria-label={label}
            data-testid={`mines-tile-${tile}`}
            data-look={look}
            disabled={!canReveal || look !== 'hidden'}
            onClick={() => onReveal(tile)}
            onKeyDown={onKeyDown(tile)}
            style={{
              aspectRatio: '1',
              borderRadius: 8,
              border: '1px solid var(--mantine-color-default-border)',
              background: background[look],
              color: look === 'hit' ? 'var(--mantine-color-white)' : 'var(--mantine-color-text)',
              fontSize: 24,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              cursor: canReveal && look === 'hidden' ? 'pointer' : 'default',
              transition: 'background 150ms',
            }}
          >
            <span aria-hidden>{symbol[look]}</span>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
