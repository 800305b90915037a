import { useTranslation } from 'react-i18next';
import classes from './results.module.css';

/** The five balls of DIGIT5 in position order, and their sum. */
export function DigitBalls({ values }: { values: readonly string[] }) {
  const { t } = useTranslation('lottery');
  const sum = values.reduce((total, value) => total + Number(value), 0);
  return (
    <div className={classes.balls} data-testid="digit-result">
      {values.map((value, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: ball positions are fixed.
          key={index}
          className={classes.ball}
          role="img"
          aria-label={t('position_value', { position: index + 1, value })}
        >
          {value}
        </span>
      ))}
      <span className={classes.number}>{t('sum_is', { sum })}</span>
    </div>
  );
}
