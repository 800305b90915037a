import { type BonusView, formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRewardCenter } from '../api/use-bonuses';
import { useBonusTexts } from '../bonus-texts';
import { BonusCard, BonusStatusBadge } from './bonus-card';
import { ForfeitDialog } from './forfeit-dialog';

/** How tall the placeholder is while the centre loads. */
const SKELETON_HEIGHT_PX = 220;

/** The reward centre (SPEC rewardCenter): claimable now, running with progress, claimed. */
export default function RewardCenterPage() {
  useBonusTexts();
  const { t, i18n } = useTranslation('bonus');
  const centre = useRewardCenter();
  const [forfeiting, setForfeiting] = useState<BonusView | null>(null);
  if (centre.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(t, centre.error)}
      </Alert>
    );
  }
  const value = centre.data;
  if (!value) return <Skeleton height={SKELETON_HEIGHT_PX} />;
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Group justify="space-between">
          <Text>{t('bonus_wallet', { amount: formatAmount(value.runningAmount) })}</Text>
          <Text fw={600} data-testid="remaining-turnover">
            {t('left_to_wager', { remaining: formatAmount(value.remainingTurnover) })}
          </Text>
        </Group>
      </Card>
      <Stack gap="xs">
        <Title order={4}>{t('title_claimable')}</Title>
        {value.claimable.length === 0 ? (
          <Text c="dimmed">{t('none_claimable')}</Text>
        ) : (
          value.claimable.map((item) => (
            <Card withBorder padding="sm" key={`${item.kind}:${item.id}`}>
              <Group justify="space-between">
                <Text>{item.title}</Text>
                {item.amount !== null && <Text fw={600}>{formatAmount(item.amount)}</Text>}
              </Group>
            </Card>
          ))
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>{t('title_running')}</Title>
        {value.running.length === 0 ? (
          <Text c="dimmed">{t('none_running')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {value.running.map((bonus) => (
              <BonusCard key={bonus.bonusId} bonus={bonus} onForfeit={setForfeiting} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>{t('title_claimed')}</Title>
        {value.claimed.length === 0 ? (
          <Text c="dimmed">{t('none_claimed')}</Text>
        ) : (
          value.claimed.map((bonus) => (
            <Group key={bonus.bonusId} justify="space-between">
              <Text size="sm">
                {t('bonus_amount', { amount: formatAmount(bonus.amount) })} ·{' '}
                {new Date(bonus.closedAt ?? bonus.grantedAt).toLocaleDateString(i18n.language)}
              </Text>
              <BonusStatusBadge status={bonus.status} />
            </Group>
          ))
        )}
      </Stack>
      <ForfeitDialog bonus={forfeiting} onClose={() => setForfeiting(null)} />
    </Stack>
  );
}
