import type { SlotGame } from '@app/game-math/slots/types';
import { useEffect, useRef, useState } from 'react';
import { SlotSymbol } from './slot-symbol';
import classes from './slots.module.css';

/** Symbols that pass by on a reel between the old window and the new one. */
const FILLER_SYMBOLS = 12;
const ROWS = 3;

export interface ReelsHighlight {
  /** The payline's row on each reel, and how many reels from the left it covers. */
  rows: readonly number[];
  count: number;
}

interface Column {
  items: string[];
  /** How many rows the strip is pulled up: 0 shows its first three items. */
  offsetRows: number;
  transitionMs: number;
}

interface ReelsProps {
  game: SlotGame;
  /** The window the reels stop on (reel by reel) and the strips it came from. */
  stops: readonly number[];
  free: boolean;
  /** Changes for each new spin: the reels then run to `stops`. */
  spinId: number;
  animate: boolean;
  durationMs: number;
  staggerMs: number;
  highlight: ReelsHighlight | null;
  /** Shows every scatter of the window (a scatter win or a free-spin award). */
  highlightScatter: boolean;
  symbolTitle(id: string): string;
  onReelStop?(reel: number): void;
}

function stripsOf(game: SlotGame, free: boolean) {
  return free && game.freeSpinReels ? game.freeSpinReels : game.reels;
}

function windowOf(strip: readonly string[], stop: number, from = 0, length = ROWS): string[] {
  return Array.from({ length }, (_, row) => strip[(stop + from + row) % strip.length] as string);
}

const scatterOf = (game: SlotGame) => game.symbols.find((s) => s.kind === 'scatter')?.id;

/**
 * The five reels. A spin pulls each reel's strip down from the old window, past real symbols of
 * its strip, onto the window the server decided (CSS transform, reels stopping left to right).
 * Without animation (reduced motion, or a round shown on return) the window just appears.
 */
export function SlotReels(props: ReelsProps) {
  const { game, stops, free, spinId, animate, durationMs, staggerMs } = props;
  const strips = stripsOf(game, free);
  const finalWindows = stops.map((stop, reel) => windowOf(strips[reel] ?? [], stop));
  const [columns, setColumns] = useState<Column[]>(() =>
    finalWindows.map((items) => ({ items, offsetRows: 0, transitionMs: 0 })),
  );
  const shown = useRef(finalWindows);
  const onReelStop = useRef(props.onReelStop);
  onReelStop.current = props.onReelStop;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a spin starts only when spinId changes.
  useEffect(() => {
    const previous = shown.current;
    shown.current = finalWindows;
    if (!animate) {
      setColumns(finalWindows.map((items) => ({ items, offsetRows: 0, transitionMs: 0 })));
      return;
    }
    const start = finalWindows.map((items, reel) => {
      const filler = windowOf(strips[reel] ?? [], stops[reel] ?? 0, ROWS, FILLER_SYMBOLS);
      const all = [...items, ...filler, ...(previous[reel] ?? items)];
      return { items: all, offsetRows: all.length - ROWS, transitionMs: 0 };
    });
    setColumns(start);
    const timers: number[] = [];
    // Two frames: the browser paints the start position before the transition begins.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        setColumns(
          start.map((column, reel) => ({
            ...column,
            offsetRows: 0,
            transitionMs: durationMs + reel * staggerMs,
          })),
        );
        start.forEach((_, reel) => {
          timers.push(
            window.setTimeout(
              () => {
                onReelStop.current?.(reel);
                setColumns((now) =>
                  now.map((column, at) =>
                    at === reel
                      ? { items: finalWindows[reel] ?? [], offsetRows: 0, transitionMs: 0 }
                      : column,
                  ),
                );
              },
              durationMs + reel * staggerMs,
            ),
          );
        });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [spinId]);

  const { highlight, highlightScatter, symbolTitle } = props;
  const scatter = scatterOf(game);
  const settled = columns.every((column) => column.items.length === ROWS);
  const lit = (reel: number, row: number, id: string) =>
    settled &&
    ((highlight !== null && reel < highlight.count && highlight.rows[reel] === row) ||
      (highlightScatter && id === scatter));

  return (
    <div className={classes.window}>
      {columns.map((column, reel) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five reels never move.
        <div className={classes.reel} key={reel} data-testid={`slot-reel-${reel + 1}`}>
          <div
            className={classes.strip}
            style={{
              transform: `translateY(calc(var(--slot-cell) * ${-column.offsetRows}))`,
              transition:
                column.transitionMs > 0
                  ? `transform ${column.transitionMs}ms cubic-bezier(0.2, 0.7, 0.3, 1.05)`
                  : 'none',
            }}
          >
            {column.items.map((id, row) => (
              <div
                // Positions repeat symbols; the index is the identity here.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={row}
                className={classes.cell}
                data-lit={lit(reel, row, id) || undefined}
                data-symbol={id}
              >
                <SlotSymbol id={id} title={symbolTitle(id)} />
              </div>
            ))}
          </div>
        </div>
      ))}
      {settled && highlight && (
        <svg
          className={classes.lineOverlay}
          viewBox="0 0 500 300"
          preserveAspectRatio="none"
          aria-hidden
        >
          <polyline
            points={highlight.rows
              .map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`)
              .join(' ')}
            fill="none"
            stroke="var(--slot-accent)"
            strokeWidth="6"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      )}
    </div>
  );
}
