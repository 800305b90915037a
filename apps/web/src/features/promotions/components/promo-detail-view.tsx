import type { PromotionDetail } from '@app/contract/client';
import { formatAmount } from '@app/contract/client';
import {
  Alert,
  Anchor,
  AspectRatio,
  Center,
  Code,
  Divider,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePromotionDetail } from '../api/promotions-api';
import type { PromotionsAccess } from '../promotions-access';
import { usePromotionTexts } from '../promotions-texts';
import { ActionButton } from './action-button';
import { StatusBadge } from './status-badge';

const ApplyForm = lazy(() => import('./apply-form'));

/** Operator HTML, sanitized on save and again when served: rendered as it is. */
function Html({ html }: { html: string }) {
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized twice on the server */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

function RewardSummary({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation('promotions');
  const { reward } = detail;
  const lines: string[] = [];
  if (reward.fixedAmount !== null)
    lines.push(t(`reward_fixed_${reward.kind}`, { amount: formatAmount(reward.fixedAmount) }));
  if (reward.points !== null) lines.push(t('reward_points', { count: reward.points }));
  if (reward.percent !== null) {
    lines.push(
      t('reward_percent', { percent: reward.percent, cap: formatAmount(reward.capAmount ?? 0) }),
    );
  }
  if (reward.minDepositAmount)
    lines.push(t('reward_min_deposit', { amount: formatAmount(reward.minDepositAmount) }));
  if (reward.wageringMultiple) {
    lines.push(
      t(`wagering_${reward.wageringBase ?? 'bonus'}`, { multiple: reward.wageringMultiple }),
    );
  }
  if (reward.maxBetAmount !== null)
    lines.push(t('max_bet', { amount: formatAmount(reward.maxBetAmount) }));
  if (reward.expiryDays !== null) lines.push(t('expiry_days', { count: reward.expiryDays }));
  if (lines.length === 0) return null;
  return (
    <List size="sm" spacing={4} data-testid="promotion-reward">
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

function RaffleBlock({ raffle }: { raffle: NonNullable<PromotionDetail['raffle']> }) {
  const { t, i18n } = useTranslation('promotions');
  return (
    <Stack gap="xs" data-testid="raffle">
      <Title order={3} fz="lg">
        {t('raffle_title')}
      </Title>
      <Text size="sm">
        {t('raffle_rule', { amount: formatAmount(raffle.ticketEvery) })}{' '}
        {t('raffle_draw_at', { at: new Date(raffle.drawAtMs).toLocaleString(i18n.language) })}
      </Text>
      <Text size="sm" fw={600} data-testid="raffle-tickets">
        {t('raffle_my_tickets', { count: raffle.myTickets })}
      </Text>
      <Text size="sm">
        {t('raffle_prizes', { prizes: raffle.prizes.map(formatAmount).join(' · ') })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('raffle_commitment')} <Code>{raffle.seedHash}</Code>
      </Text>
      {raffle.drawn && (
        <>
          <Text size="xs" c="dimmed">
            {t('raffle_seed')} <Code>{raffle.seed}</Code>
          </Text>
          <List size="sm" data-testid="raffle-winners">
            {raffle.winners.map((winner) => (
              <List.Item key={winner.rank}>
                {t('raffle_winner', {
                  rank: winner.rank,
                  account: winner.account,
                  prize: formatAmount(winner.prize),
                  ticket: winner.ticketNo,
                })}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

/** SPEC §2 /promoDetail?id=: content, terms, the member's status and progress, the action. */
export default function PromoDetailView({ id, access }: { id: string; access: PromotionsAccess }) {
  usePromotionTexts();
  const { t, i18n } = useTranslation('promotions');
  const { data, isPending, isError } = usePromotionDetail(id);
  const [applying, setApplying] = useState(false);
  if (isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (isError || !data) return <Alert color="red">{t('not_found')}</Alert>;
  const date = (ms: number) =>
    new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} data-testid="promotion-detail">
      {data.bannerUrl && (
        <AspectRatio ratio={3}>
          <img src={data.bannerUrl} alt="" style={{ objectFit: 'cover' }} />
        </AspectRatio>
      )}
      <Stack gap="md" p={{ base: 'md', sm: 'xl' }}>
        <Anchor component={Link} to="/promotions" size="sm">
          {t('back')}
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {data.title}
          </Title>
          <StatusBadge status={data.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('period', { from: date(data.startsAtMs), to: date(data.endsAtMs) })}
        </Text>
        {data.rewardAmount !== null && (
          <Alert color="teal" data-testid="promotion-reward-issued">
            {t('reward_issued', { amount: formatAmount(data.rewardAmount) })}
          </Alert>
        )}
        {data.rejectReason && (
          <Alert color="red" title={t('rejected_title')} data-testid="promotion-reject-reason">
            {data.rejectReason}
          </Alert>
        )}
        {data.action && (
          <ActionButton
            id={data.id}
            action={data.action}
            access={access}
            onApply={() => setApplying(true)}
          />
        )}
        {!access.isLoggedIn && data.action && (
          <Text size="xs" c="dimmed">
            {t('login_to_act')}
          </Text>
        )}
        <Html html={data.content} />
        <RewardSummary detail={data} />
        {data.raffle && <RaffleBlock raffle={data.raffle} />}
        {data.terms && (
          <>
            <Divider label={t('terms')} labelPosition="left" />
            <Html html={data.terms} />
          </>
        )}
      </Stack>
      {applying && (
        <Suspense fallback={null}>
          <ApplyForm id={data.id} onClose={() => setApplying(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
