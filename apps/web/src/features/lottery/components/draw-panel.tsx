import type { LotteryDraw } from '@app/contract/client';
import { Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';
import { formatCountdown } from '../model/countdown';

/**
 * The draw taking bets: its number, the countdown to its close on the server's clock, its seed
 * hash (the commitment of house draws); closed, it counts down to the draw time instead. With
 * no draw open, the next draw and when it opens. `onTimeUp` asks for fresh draws at each zero.
 */
export function DrawPanel({
  current,
  next,
  offsetMs,
  onTimeUp,
}: {
  current: LotteryDraw | null;
  next: LotteryDraw | null;
  offsetMs: number;
  onTimeUp: () => void;
}) {
  const { t } = useTranslation('lottery');
  const open = current?.status === 'open';
  const target = current
    ? open
      ? current.closesAtMs
      : current.drawAtMs
    : (next?.opensAtMs ?? null);
  const remaining = useCountdown(target, offsetMs);
  const timeUp = remaining === 0;
  useEffect(() => {
    if (timeUp) onTimeUp();
  }, [timeUp, onTimeUp]);

  const shown = current ?? next;
  return (
    <Paper withBorder p="md" data-testid="draw-panel" data-status={current?.status ?? 'none'}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {shown ? t('draw_no', { drawNo: shown.drawNo }) : t('no_draw')}
          </Title>
          <Badge color={open ? 'teal' : 'gray'} variant={open ? 'filled' : 'light'}>
            {t(open ? 'status_open' : current ? `status_${current.status}` : 'status_waiting')}
          </Badge>
        </Group>
        {remaining !== null && (
          <Group gap="xs" align="baseline">
            <Text size="sm" c="dimmed">
              {t(open ? 'closes_in' : current ? 'draws_in' : 'opens_in')}
            </Text>
            <Text
              fw={700}
              fz={28}
              ff="monospace"
              role="timer"
              aria-live="off"
              data-testid="countdown"
            >
              {formatCountdown(remaining)}
            </Text>
          </Group>
        )}
        {!open && current && <Text size="sm">{t('draw_closed_hint')}</Text>}
        {shown?.seedHash && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('seed_hash')}: <Code>{shown.seedHash}</Code>
          </Text>
        )}
        {current && next && (
          <Text size="xs" c="dimmed">
            {t('next_draw', { drawNo: next.drawNo })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
