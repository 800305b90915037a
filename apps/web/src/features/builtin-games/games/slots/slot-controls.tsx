import { formatAmount, formatChipAmount } from '@app/contract/client';
import { Button, Checkbox, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './slots.module.css';

/** How many rounds an autoplay may be asked for. */
export const AUTOPLAY_COUNTS = [10, 25, 50, 100] as const;

export interface SlotBetControls {
  allLines: number;
  lines: number;
  setLines(lines: number): void;
  betSteps: number[];
  betPerLine: number | null;
  setBetPerLine(bet: number): void;
  /** The whole stake of a spin in minor units. */
  stake: number;
  currency: string;
  busy: boolean;
  canSpin: boolean;
  autoplayLeft: number;
  spin(): void;
}

/** Lines, bet per line, the total bet and the spin button. */
export function SlotBetRow(props: SlotBetControls) {
  const { t } = useTranslation('builtin-slots');
  const { allLines, busy, autoplayLeft, betPerLine } = props;
  const locked = busy || autoplayLeft > 0;
  return (
    <>
      <div className={classes.controls}>
        <NativeSelect
          label={t('slots.lines')}
          w={90}
          data={Array.from({ length: allLines }, (_, i) => String(allLines - i))}
          value={String(props.lines)}
          onChange={(event) => props.setLines(Number(event.currentTarget.value))}
          disabled={locked}
        />
        <NativeSelect
          label={t('slots.bet_per_line')}
          w={120}
          data={props.betSteps.map((step) => ({
            value: String(step),
            label: formatChipAmount(step),
          }))}
          value={betPerLine === null ? '' : String(betPerLine)}
          onChange={(event) => props.setBetPerLine(Number(event.currentTarget.value))}
          disabled={locked || betPerLine === null}
        />
        <Stack gap={0} align="center">
          <Text size="xs">{t('slots.total_bet')}</Text>
          <Text fw={700} data-testid="slot-total-bet">
            {formatAmount(props.stake)} {props.currency}
          </Text>
        </Stack>
        <Button
          size="lg"
          onClick={props.spin}
          disabled={!props.canSpin || autoplayLeft > 0}
          loading={busy}
          title={t('slots.space_hint')}
        >
          {busy ? t('slots.spinning') : t('slots.spin')}
        </Button>
      </div>
      {betPerLine === null && (
        <Text size="sm">{t('slots.no_bet_within_limits', { lines: props.lines })}</Text>
      )}
    </>
  );
}

export interface SlotAutoplayControls {
  turboAllowed: boolean;
  autoplayAllowed: boolean;
  turbo: boolean;
  setTurbo(on: boolean): void;
  autoplayLeft: number;
  setAutoplayLeft(left: number): void;
  autoplayCount: number;
  setAutoplayCount(count: number): void;
  stopOnFeature: boolean;
  setStopOnFeature(stop: boolean): void;
  canSpin: boolean;
}

/** Turbo and autoplay, where the merchant allows them. */
export function SlotAutoplayRow(props: SlotAutoplayControls) {
  const { t } = useTranslation('builtin-slots');
  if (!props.autoplayAllowed && !props.turboAllowed) return null;
  return (
    <Group gap="md" justify="center">
      {props.turboAllowed && (
        <Switch
          label={t('slots.turbo')}
          checked={props.turbo}
          onChange={(event) => props.setTurbo(event.currentTarget.checked)}
        />
      )}
      {props.autoplayAllowed &&
        (props.autoplayLeft > 0 ? (
          <Button variant="light" onClick={() => props.setAutoplayLeft(0)}>
            {t('slots.autoplay_stop', { left: props.autoplayLeft })}
          </Button>
        ) : (
          <Group gap="xs" align="flex-end">
            <NativeSelect
              label={t('slots.autoplay_count')}
              w={90}
              data={AUTOPLAY_COUNTS.map(String)}
              value={String(props.autoplayCount)}
              onChange={(event) => props.setAutoplayCount(Number(event.currentTarget.value))}
            />
            <Checkbox
              label={t('slots.autoplay_stop_on_feature')}
              checked={props.stopOnFeature}
              onChange={(event) => props.setStopOnFeature(event.currentTarget.checked)}
            />
            <Button
              variant="light"
              disabled={!props.canSpin}
              onClick={() => props.setAutoplayLeft(props.autoplayCount)}
            >
              {t('slots.autoplay_start')}
            </Button>
          </Group>
        ))}
    </Group>
  );
}
