import type { GameRoundDetail } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGameRound } from '../api/use-game-records';
import { useRecordsTexts } from '../records-texts';
import { DetailView } from './detail-view';
import { MoneyText } from './money-text';

const statusColours = { open: 'blue', settled: 'gray', cancelled: 'orange' } as const;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function RoundView({ round }: { round: GameRoundDetail }) {
  const { t, i18n } = useTranslation('records');
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const hasDetail = Object.keys(round.detail).length > 0;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={5}>{round.gameName ?? round.gameCode ?? round.vassalage}</Title>
        <Text size="sm" c="dimmed">
          {`${round.vendorName} · ${t(`category_${round.gameType}`)}`}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="round-summary">
        <Field label={t('round_id')}>
          <Text size="sm" ff="monospace">
            {round.roundRef}
          </Text>
        </Field>
        <Field label={t('col_status')}>
          <Badge variant="light" color={statusColours[round.status]}>
            {t(`status_${round.status}`)}
          </Badge>
        </Field>
        <Field label={t('col_stake')}>
          <MoneyText amount={round.stake} />
        </Field>
        <Field label={t('col_win')}>
          <MoneyText amount={round.win} />
        </Field>
        {round.refunded > 0 && (
          <Field label={t('refunded')}>
            <MoneyText amount={round.refunded} />
          </Field>
        )}
        <Field label={t('col_profit')}>
          <MoneyText amount={round.profit} profit />
        </Field>
        <Field label={t('started_at')}>
          <Text size="sm">{time.format(new Date(round.startedAt))}</Text>
        </Field>
        <Field label={t('settled_at')}>
          <Text size="sm">
            {round.settledAt ? time.format(new Date(round.settledAt)) : t('empty_value')}
          </Text>
        </Field>
      </SimpleGrid>
      <Title order={6}>{t('round_data')}</Title>
      {hasDetail ? (
        <DetailView detail={round.detail} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('no_round_data')}
        </Text>
      )}
    </Stack>
  );
}

function RoundContent({ roundId }: { roundId: string }) {
  useRecordsTexts();
  const { t } = useTranslation('records');
  const round = useGameRound(roundId);
  if (round.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t, round.error)}
      </Alert>
    );
  }
  if (round.isPending) return <Loader size="sm" />;
  if (!round.data) return <Text c="dimmed">{t('no_last_round')}</Text>;
  return <RoundView round={round.data} />;
}

/** One round's stake, win, status, times and provider detail; `last` recalls the last round. */
export default function RoundDetailModal({
  roundId,
  onClose,
}: {
  roundId: string | 'last' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const { t: tCommon } = useTranslation('common');
  return (
    <Modal
      opened={roundId !== null}
      onClose={onClose}
      title={t('round_detail')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {roundId !== null && <RoundContent roundId={roundId} />}
    </Modal>
  );
}
