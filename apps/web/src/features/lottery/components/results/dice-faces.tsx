import { useTranslation } from 'react-i18next';
import classes from './results.module.css';

/** Pip centres on a 0-100 face, per value 1-6 (the usual die layout). */
const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};
const PIP_RADIUS = 9;

export function DieFace({ value }: { value: number }) {
  const { t } = useTranslation('lottery');
  return (
    <svg
      viewBox="0 0 100 100"
      className={classes.die}
      role="img"
      aria-label={t('die_value', { value })}
      data-value={value}
    >
      <rect
        x="4"
        y="4"
        width="92"
        height="92"
        rx="16"
        className={classes.dieFace}
        strokeWidth="4"
      />
      {(PIPS[value] ?? []).map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={PIP_RADIUS} fill="currentColor" />
      ))}
    </svg>
  );
}

/** The three dice of DICE3 and their sum. */
export function DiceFaces({ values }: { values: readonly string[] }) {
  const { t } = useTranslation('lottery');
  const numbers = values.map(Number);
  const sum = numbers.reduce((total, value) => total + value, 0);
  return (
    <div className={classes.balls} data-testid="dice-result">
      {numbers.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: dice positions are fixed.
        <DieFace key={index} value={value} />
      ))}
      <span className={classes.number}>{t('sum_is', { sum })}</span>
    </div>
  );
}
