import { type BonusView, formatAmount } from '@app/contract/client';
import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColours: Record<BonusView['status'], string> = {
  wagering: 'blue',
  converted: 'green',
  expired: 'gray',
  forfeited: 'orange',
};

export function BonusStatusBadge({ status }: { status: BonusView['status'] }) {
  const { t } = useTranslation('bonus');
  return (
    <Badge color={statusColours[status]} variant="light">
      {t(`status_${status}`)}
    </Badge>
  );
}

/** A running bonus: amount, wagering progress bar, what is left, the max bet and the expiry. */
export function BonusCard({
  bonus,
  onForfeit,
}: {
  bonus: BonusView;
  onForfeit?: (bonus: BonusView) => void;
}) {
  const { t, i18n } = useTranslation('bonus');
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <Card withBorder padding="md" data-testid={`bonus-${bonus.bonusId}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('bonus_amount', { amount: formatAmount(bonus.amount) })}</Text>
          <BonusStatusBadge status={bonus.status} />
        </Group>
        <Progress
          value={bonus.progressPercent}
          size="lg"
          aria-label={t('progress_label', { percent: bonus.progressPercent })}
        />
        <Group justify="space-between">
          <Text size="sm">
            {t('progress_of', {
              progress: formatAmount(bonus.progress),
              requirement: formatAmount(bonus.requirement),
            })}
          </Text>
          <Text size="sm" fw={600}>
            {bonus.progressPercent}%
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('remaining', { remaining: formatAmount(bonus.remaining) })}
          {bonus.maxBet !== null && ` · ${t('max_bet', { maxBet: formatAmount(bonus.maxBet) })}`}
        </Text>
        <Text size="sm" c="dimmed">
          {t('weights', {
            slots: bonus.categoryWeights.RNG ?? 0,
            inhouse: bonus.categoryWeights.INHOUSE ?? 0,
          })}
        </Text>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('expires', { date: date(bonus.expiresAt) })}
          </Text>
          {onForfeit && bonus.status === 'wagering' && (
            <Button size="xs" variant="subtle" color="red" onClick={() => onForfeit(bonus)}>
              {t('forfeit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
