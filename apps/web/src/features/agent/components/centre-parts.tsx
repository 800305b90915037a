import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PeriodPreset, periodPresets } from '../hooks/use-period';

/** The period switch of a report page (UTC days, as the rollups keep them). */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodPreset;
  onChange: (preset: PeriodPreset) => void;
}) {
  const { t } = useTranslation('agent-centre');
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(next) => onChange(next as PeriodPreset)}
      data={periodPresets.map((preset) => ({ value: preset, label: t(`period_${preset}`) }))}
      aria-label={t('period')}
    />
  );
}

export function Stat({
  label,
  value,
  tone,
}: {
  label: string;
  value: string;
  tone?: 'gain' | 'loss';
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={tone === 'gain' ? 'teal' : tone === 'loss' ? 'red' : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

/** An amount with its sign's colour: the players' result (wins less bets). */
export function Money({ amount, signed = false }: { amount: number; signed?: boolean }) {
  const colour = !signed || amount === 0 ? undefined : amount > 0 ? 'teal' : 'red';
  return (
    <Text span size="sm" c={colour} ff="monospace">
      {formatAmount(amount)}
    </Text>
  );
}

export function toneOf(amount: number): 'gain' | 'loss' | undefined {
  return amount > 0 ? 'gain' : amount < 0 ? 'loss' : undefined;
}

export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation(['agent-centre', 'errors']);
  return (
    <Alert color="red" variant="light" role="alert">
      {errorText(t, error)}
    </Alert>
  );
}

/** The "more" button under a keyset-paged list. */
export function MoreButton({
  hasMore,
  loading,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation('agent-centre');
  if (!hasMore) return null;
  return (
    <Group justify="center">
      <Button variant="subtle" size="xs" loading={loading} onClick={onMore}>
        {t('more')}
      </Button>
    </Group>
  );
}

export function EmptyNote() {
  const { t } = useTranslation('agent-centre');
  return (
    <Text c="dimmed" size="sm" ta="center" py="md">
      {t('empty')}
    </Text>
  );
}
