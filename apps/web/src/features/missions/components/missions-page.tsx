import { formatAmount, type RouteValue } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoyaltyTexts } from '../../../lib/loyalty-texts';
import {
  claimMission,
  missionSummaryKey,
  useMissionBoard,
  useMissionSummary,
} from '../api/missions-api';

type Mission = RouteValue<'missionSummary'>['missions'][number];

/** A goal or progress value as the player reads it: an amount, a multiplier, days or a count. */
function shown(mission: Mission, value: number): string {
  if (mission.goalKind === 'wager' || mission.goalKind === 'deposit') return formatAmount(value);
  if (mission.goalKind === 'win-multiplier') return `${value}x`;
  return String(value);
}

function MissionCard({ mission, onClaimed }: { mission: Mission; onClaimed: () => void }) {
  const { t } = useTranslation('loyalty');
  const claim = useMutation({
    mutationFn: () => claimMission({ missionId: mission.missionId, periodKey: mission.periodKey }),
    onSuccess: onClaimed,
  });
  const percent = mission.target > 0 ? Math.min(100, (mission.progress / mission.target) * 100) : 0;
  const reward =
    mission.rewardKind === 'points'
      ? t('reward_points', { points: mission.rewardAmount })
      : t('reward_cash', { amount: formatAmount(mission.rewardAmount) });
  return (
    <Card withBorder radius="md" padding="md" data-testid={`mission-${mission.missionId}`}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{mission.title}</Text>
            <Group gap={6}>
              <Badge variant="light" size="sm">
                {t(`period_${mission.period}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {reward}
              </Text>
            </Group>
          </Stack>
          {mission.claimed ? (
            <Badge color="gray" variant="outline">
              {t('claimed')}
            </Badge>
          ) : (
            <Button
              size="xs"
              disabled={!mission.claimable}
              loading={claim.isPending}
              onClick={() => claim.mutate()}
            >
              {t('claim')}
            </Button>
          )}
        </Group>
        <Progress value={percent} aria-label={mission.title} size="lg" radius="xl" />
        <Text size="xs" c="dimmed" data-testid="mission-progress">
          {t('progress_of', {
            progress: shown(mission, mission.progress),
            target: shown(mission, mission.target),
          })}
        </Text>
        {claim.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorText(t, claim.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function Leaderboard() {
  const { t } = useTranslation('loyalty');
  const [period, setPeriod] = useState<'daily' | 'weekly'>('daily');
  const board = useMissionBoard(period);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{t('leaderboard')}</Title>
        <SegmentedControl
          size="xs"
          value={period}
          onChange={(value) => setPeriod(value as 'daily' | 'weekly')}
          data={[
            { value: 'daily', label: t('period_daily') },
            { value: 'weekly', label: t('period_weekly') },
          ]}
        />
      </Group>
      {board.isPending ? (
        <Skeleton height={120} />
      ) : board.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, board.error)}
        </Alert>
      ) : board.data.list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('leaderboard_empty')}
        </Text>
      ) : (
        <Table striped data-testid="mission-leaderboard">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rank')}</Table.Th>
              <Table.Th>{t('player')}</Table.Th>
              <Table.Th ta="right">{t('score')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {board.data.list.map((row) => (
              <Table.Tr key={row.rank}>
                <Table.Td>{row.rank}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{row.score}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {board.data?.mine && (
        <Text size="sm" data-testid="mission-my-rank">
          {t('my_rank', { rank: board.data.mine.rank, score: board.data.mine.score })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Member centre page `missionLeaderboard` (SPEC §2): the missions with progress bars and claim
 * buttons, and the leaderboard of the day or week. `onClaimed` lets the app refresh the balance.
 */
export default function MissionsPage({ onClaimed }: { onClaimed?: () => void }) {
  useLoyaltyTexts();
  const { t } = useTranslation('loyalty');
  const queryClient = useQueryClient();
  const summary = useMissionSummary();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: missionSummaryKey });
    void queryClient.invalidateQueries({ queryKey: ['missions', 'board'] });
    onClaimed?.();
  };
  return (
    <Stack gap="lg">
      {summary.isPending ? (
        <Stack>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : summary.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, summary.error)}
        </Alert>
      ) : summary.data.missions.length === 0 ? (
        <Text c="dimmed">{t('missions_empty')}</Text>
      ) : (
        <Stack gap="sm">
          {summary.data.missions.map((mission) => (
            <MissionCard key={mission.missionId} mission={mission} onClaimed={refresh} />
          ))}
        </Stack>
      )}
      <Leaderboard />
    </Stack>
  );
}
