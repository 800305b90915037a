import { formatAmount, type RouteValue } from '@app/contract/client';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRewardCenter } from '../../features/bonus/api/use-bonuses';
import { useMissionSummary } from '../../features/missions/api/missions-api';
import { MODAL_WIDTH } from '../../lib/theme';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { useAfterLoginTexts } from './after-login-texts';

type Mission = RouteValue<'missionSummary'>['missions'][number];

/** The reward centre's claimable kinds that a promotion's detail page claims. */
const PROMOTION_KINDS: ReadonlySet<string> = new Set(['promotion-claim', 'promotion-claimRaffle']);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Row({ label, action, onClick }: { label: string; action: string; onClick: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{label}</Text>
      <Button size="compact-sm" variant="light" onClick={onClick} style={{ flexShrink: 0 }}>
        {action}
      </Button>
    </Group>
  );
}

/**
 * SPEC §4 after-login modal, its rewards half: what the member can claim right now (missions
 * completed, promotions and raffle prizes to claim) and the bonus wagering, each with the way
 * to it. Shown once per login, after the popup announcement (the auto-dialog queue decides
 * when), and only when something can be claimed: a running bonus alone is no reason to
 * interrupt. Nothing to claim closes at once. Loaded lazily.
 */
export default function AfterLoginRewards({
  onDone,
  onShown,
}: {
  onDone: () => void;
  /** Called once the modal is on screen (it then holds the queue until it closes). */
  onShown?: () => void;
}) {
  useAfterLoginTexts();
  const { t } = useTranslation('after-login');
  const navigate = useNavigate();
  const rewards = useRewardCenter();
  const missions = useMissionSummary();
  const loading = rewards.isPending || missions.isPending;
  const claimableMissions: Mission[] = missions.data?.missions.filter((m) => m.claimable) ?? [];
  const claimable = rewards.data?.claimable ?? [];
  const runningAmount = rewards.data?.runningAmount ?? 0;
  const empty = claimableMissions.length === 0 && claimable.length === 0;

  useEffect(() => {
    if (!loading && empty) onDone();
  }, [loading, empty, onDone]);
  useLayoutEffect(() => {
    if (!loading && !empty) onShown?.();
  }, [loading, empty, onShown]);
  if (loading || empty) return null;

  const go = (action: () => void) => () => {
    onDone();
    action();
  };
  const rewardOf = (mission: Mission) =>
    mission.rewardKind === 'points'
      ? t('reward_points', { count: mission.rewardAmount })
      : t(`reward_${mission.rewardKind}`, { amount: formatAmount(mission.rewardAmount) });

  return (
    <Modal
      opened
      onClose={onDone}
      size={MODAL_WIDTH}
      title={t('title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="after-login-rewards"
    >
      <Stack gap="lg">
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
        {claimableMissions.length > 0 && (
          <Section title={t('missions')}>
            {claimableMissions.map((mission) => (
              <Row
                key={mission.missionId}
                label={`${mission.title} · ${rewardOf(mission)}`}
                action={t('claim')}
                onClick={go(() => openMemberCentre('missionLeaderboard'))}
              />
            ))}
          </Section>
        )}
        {claimable.length > 0 && (
          <Section title={t('promotions')}>
            {claimable.map((reward) => (
              <Row
                key={`${reward.kind}:${reward.id}`}
                label={reward.title}
                action={t('claim')}
                onClick={go(() =>
                  PROMOTION_KINDS.has(reward.kind)
                    ? void navigate(`/promoDetail?id=${encodeURIComponent(reward.id)}`)
                    : openMemberCentre('rewardCenter'),
                )}
              />
            ))}
          </Section>
        )}
        {runningAmount > 0 && (
          <Section title={t('bonuses')}>
            <Row
              label={t('bonus_running', {
                amount: formatAmount(runningAmount),
                remaining: formatAmount(rewards.data?.remainingTurnover ?? 0),
              })}
              action={t('view')}
              onClick={go(() => openMemberCentre('rewardCenter'))}
            />
          </Section>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('later')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
