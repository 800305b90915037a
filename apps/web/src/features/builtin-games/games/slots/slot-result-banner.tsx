import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './slots.module.css';
import type { SlotBanner, SlotFreeCounter } from './use-slot-presentation';

/** The line under the reels: the free-spin counter, the round's result, and the win shown. */
export function SlotResultBanner(props: {
  banner: SlotBanner | null;
  detail: string | null;
  freeCounter: SlotFreeCounter | null;
  /** The free spins' total so far, formatted. */
  freeWonText: string;
}) {
  const { t } = useTranslation('builtin-slots');
  const { banner, detail, freeCounter } = props;
  const celebrate = banner?.kind === 'win' || banner?.kind === 'bigWin';
  return (
    <div className={classes.banner} aria-live="polite" data-testid="slot-result">
      {freeCounter && (
        <Text size="sm" data-testid="slot-free-spins">
          {t('slots.free_spin_counter', {
            current: freeCounter.current,
            total: freeCounter.total,
          })}
          {' · '}
          {t('slots.free_spins_total', { amount: props.freeWonText })}
        </Text>
      )}
      {banner && (
        <div
          className={[
            celebrate ? classes.celebrate : '',
            banner.kind === 'bigWin' ? classes.bigWin : '',
          ]
            .filter(Boolean)
            .join(' ')}
          data-kind={banner.kind}
        >
          {banner.text}
        </div>
      )}
      {detail && <Text size="sm">{detail}</Text>}
    </div>
  );
}
