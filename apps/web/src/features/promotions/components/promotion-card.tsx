import type { PromotionCard as Card } from '@app/contract/client';
import { AspectRatio, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromotionsAccess } from '../promotions-access';
import { ActionButton } from './action-button';
import { StatusBadge } from './status-badge';

/** One card of /promotions: banner, title, dates, status and the action button. */
export function PromotionCard({ card, access }: { card: Card; access: PromotionsAccess }) {
  const { t, i18n } = useTranslation('promotions');
  const date = (ms: number) =>
    new Date(ms).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const detail = access.detailPath(card.id);
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden' }}
      data-testid="promotion-card"
      data-id={card.id}
    >
      <UnstyledButton component={Link} to={detail} display="block" aria-label={card.title}>
        <AspectRatio ratio={3}>
          {card.bannerUrl ? (
            <img src={card.bannerUrl} alt="" style={{ objectFit: 'cover' }} />
          ) : (
            <div style={{ background: 'var(--mantine-color-violet-filled)' }} />
          )}
        </AspectRatio>
      </UnstyledButton>
      <Stack gap="xs" p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text
            fw={700}
            component={Link}
            to={detail}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            {card.title}
          </Text>
          <StatusBadge status={card.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('period', { from: date(card.startsAtMs), to: date(card.endsAtMs) })}
        </Text>
        {card.action && card.action !== 'apply' ? (
          <ActionButton id={card.id} action={card.action} access={access} onApply={() => {}} />
        ) : (
          <Text size="sm" component={Link} to={detail} c="blue">
            {t('details')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
