import { type CSSProperties, type KeyboardEvent, useRef, useState } from 'react';
import classes from './number-grid.module.css';

/** Cells per row of the grid (one decade of numbers). */
export const GRID_COLUMNS = 10;

/**
 * The number grid: one toggle button per number (aria-pressed), reached with one Tab stop and
 * moved through with the arrow keys, Home and End (a roving tab index); Space or Enter toggles.
 */
export function NumberGrid({
  numbers,
  selected,
  onToggle,
  label,
  columns = GRID_COLUMNS,
  labelOf,
}: {
  numbers: readonly string[];
  selected: readonly string[];
  onToggle: (number: string) => void;
  label: string;
  columns?: number;
  /** The text of a cell when it is not the number itself (option bets). */
  labelOf?: (value: string) => string;
}) {
  const [focusIndex, setFocusIndex] = useState(0);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = new Set(selected);
  const active = Math.min(focusIndex, numbers.length - 1);

  const move = (index: number) => {
    const next = Math.max(0, Math.min(numbers.length - 1, index));
    setFocusIndex(next);
    cells.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(index + step);
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(numbers.length - 1);
    }
  };

  return (
    <fieldset
      aria-label={label}
      className={classes.grid}
      style={{ '--columns': columns } as CSSProperties}
      data-testid="number-grid"
    >
      {numbers.map((number, index) => (
        <button
          key={number}
          ref={(element) => {
            cells.current[index] = element;
          }}
          type="button"
          className={classes.cell}
          aria-pressed={chosen.has(number)}
          tabIndex={index === active ? 0 : -1}
          onFocus={() => setFocusIndex(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
          onClick={() => onToggle(number)}
        >
          {labelOf ? labelOf(number) : number}
        </button>
      ))}
    </fieldset>
  );
}
