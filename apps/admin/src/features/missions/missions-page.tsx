import {
  gameCategories,
  LOYALTY_AMOUNT_MAX,
  loyaltyRewardKinds,
  missionGoalKinds,
  missionPeriods,
  referralQualifyKinds,
} from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import {
  type AdminMission,
  missionPages,
  useReferralRule,
  useSaveMission,
  useSaveReferralRule,
  useSetMissionStatus,
} from './api/mission-calls';
import { useMissionsTexts } from './texts';

/** Cash is the kind every site can pay; points when the points module runs. */
const PAYABLE_KINDS = loyaltyRewardKinds.filter((kind) => kind !== 'bonus');
const ROUND_GOALS: readonly string[] = ['bet-count', 'wager', 'win-multiplier'];

function NewMissionModal({ onClose }: { onClose: () => void }) {
  const { t } = useMissionsTexts();
  const save = useSaveMission(onClose);
  const [period, setPeriod] = useState<string>('daily');
  const [goalKind, setGoalKind] = useState<string>('bet-count');
  const [category, setCategory] = useState<string | null>(null);
  const [target, setTarget] = useState<number | string>(3);
  const [rewardKind, setRewardKind] = useState<string>('cash');
  const [rewardAmount, setRewardAmount] = useState<number | string>(1000);
  const [title, setTitle] = useState('');
  const valid =
    title.trim() !== '' && typeof target === 'number' && typeof rewardAmount === 'number';
  return (
    <Modal opened onClose={onClose} title={t('new.title')}>
      <Stack>
        <TextInput
          label={t('new.titleEn')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          data-testid="mission-title"
        />
        <Group grow>
          <NativeSelect
            label={t('list.period')}
            data={missionPeriods.map((value) => ({ value, label: t(`periods.${value}`) }))}
            value={period}
            onChange={(event) => setPeriod(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('list.goal')}
            data={missionGoalKinds.map((value) => ({ value, label: t(`goals.${value}`) }))}
            value={goalKind}
            onChange={(event) => setGoalKind(event.currentTarget.value)}
          />
        </Group>
        {ROUND_GOALS.includes(goalKind) && (
          <NativeSelect
            label={t('new.category')}
            data={[{ value: '', label: t('new.anyCategory') }, ...gameCategories]}
            value={category ?? ''}
            onChange={(event) => setCategory(event.currentTarget.value || null)}
          />
        )}
        <Group grow>
          <NumberInput
            label={t('list.target')}
            value={target}
            onChange={setTarget}
            min={0.01}
            max={LOYALTY_AMOUNT_MAX}
            decimalScale={2}
            data-testid="mission-target"
          />
          <NativeSelect
            label={t('new.rewardKind')}
            data={PAYABLE_KINDS.map((value) => ({ value, label: t(`rewards.${value}`) }))}
            value={rewardKind}
            onChange={(event) => setRewardKind(event.currentTarget.value)}
          />
          <NumberInput
            label={t('list.reward')}
            value={rewardAmount}
            onChange={setRewardAmount}
            min={0.01}
            max={LOYALTY_AMOUNT_MAX}
            decimalScale={2}
            data-testid="mission-reward"
          />
        </Group>
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!valid}
            loading={save.isPending}
            data-testid="mission-save"
            onClick={() =>
              save.mutate({
                period: period as AdminMission['period'],
                goalKind: goalKind as AdminMission['goalKind'],
                gameCategory: (category as AdminMission['gameCategory']) ?? null,
                target: Number(target),
                rewardKind: rewardKind as AdminMission['rewardKind'],
                rewardAmount: Number(rewardAmount),
                titles: { EN: title.trim() },
                sortOrder: 0,
              })
            }
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function missionColumns(t: TFunction, canEdit: boolean): DataTableColumn<AdminMission>[] {
  return [
    {
      key: 'title',
      header: t('list.mission'),
      cell: (mission) => <Text size="sm">{mission.titles.EN ?? ''}</Text>,
    },
    { key: 'period', header: t('list.period'), cell: (mission) => t(`periods.${mission.period}`) },
    {
      key: 'goal',
      header: t('list.goal'),
      cell: (mission) =>
        `${t(`goals.${mission.goalKind}`)}${mission.gameCategory ? ` (${mission.gameCategory})` : ''}`,
    },
    {
      key: 'target',
      header: t('list.target'),
      cell: (mission) =>
        mission.goalKind === 'wager' || mission.goalKind === 'deposit'
          ? formatAmount(mission.target)
          : mission.goalKind === 'win-multiplier'
            ? `${mission.target}x`
            : String(mission.target),
    },
    {
      key: 'reward',
      header: t('list.reward'),
      cell: (mission) =>
        `${mission.rewardKind === 'points' ? mission.rewardAmount : formatAmount(mission.rewardAmount)} ${t(`rewards.${mission.rewardKind}`)}`,
    },
    {
      key: 'status',
      header: t('list.status'),
      cell: (mission) => (
        <Badge variant="light" color={mission.status === 'active' ? 'green' : 'gray'}>
          {t(`status.${mission.status}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (mission) => (canEdit ? <StatusButton mission={mission} /> : null),
    },
  ];
}

function StatusButton({ mission }: { mission: AdminMission }) {
  const { t } = useMissionsTexts();
  const setStatus = useSetMissionStatus();
  const next = mission.status === 'active' ? 'paused' : 'active';
  return (
    <Button
      size="xs"
      variant="light"
      loading={setStatus.isPending}
      onClick={() => setStatus.mutate({ id: mission.id, status: next })}
      data-testid="mission-toggle"
    >
      {next === 'paused' ? t('list.pause') : t('list.resume')}
    </Button>
  );
}

function ReferralRuleCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useMissionsTexts();
  const rule = useReferralRule();
  const save = useSaveReferralRule();
  const current = rule.data?.rule;
  const [draft, setDraft] = useState<{
    enabled: boolean;
    qualifyBy: string;
    threshold: number | string;
    rewardAmount: number | string;
    maxRewardedFriends: number | string;
  } | null>(null);
  const values = draft ?? {
    enabled: current?.enabled ?? false,
    qualifyBy: current?.qualifyBy ?? 'deposit',
    threshold: current?.threshold ?? 100,
    rewardAmount: current?.rewardAmount ?? 10,
    maxRewardedFriends: current?.maxRewardedFriends ?? 50,
  };
  const change = (patch: Partial<typeof values>) => setDraft({ ...values, ...patch });
  return (
    <Card withBorder>
      <Stack>
        <Title order={4}>{t('referral.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('referral.intro')}
        </Text>
        <Switch
          label={t('referral.enabled')}
          checked={values.enabled}
          disabled={!canEdit}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
        />
        <Group grow>
          <NativeSelect
            label={t('referral.qualifyBy')}
            data={referralQualifyKinds.map((value) => ({ value, label: t(`referral.${value}`) }))}
            value={values.qualifyBy}
            disabled={!canEdit}
            onChange={(event) => change({ qualifyBy: event.currentTarget.value })}
          />
          <NumberInput
            label={t('referral.threshold')}
            value={values.threshold}
            disabled={!canEdit}
            min={0.01}
            decimalScale={2}
            onChange={(value) => change({ threshold: value })}
          />
          <NumberInput
            label={t('referral.reward')}
            value={values.rewardAmount}
            disabled={!canEdit}
            min={0.01}
            decimalScale={2}
            onChange={(value) => change({ rewardAmount: value })}
          />
          <NumberInput
            label={t('referral.maxFriends')}
            value={values.maxRewardedFriends}
            disabled={!canEdit}
            min={1}
            allowDecimal={false}
            onChange={(value) => change({ maxRewardedFriends: value })}
          />
        </Group>
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        {canEdit && (
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              disabled={draft === null}
              onClick={() =>
                save.mutate(
                  {
                    enabled: values.enabled,
                    qualifyBy: values.qualifyBy as 'deposit' | 'turnover',
                    threshold: Number(values.threshold),
                    rewardKind: 'cash',
                    rewardAmount: Number(values.rewardAmount),
                    maxRewardedFriends: Number(values.maxRewardedFriends),
                  },
                  { onSuccess: () => setDraft(null) },
                )
              }
            >
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Missions (create, pause, start again) and the referral reward rule (issue 20). */
export default function MissionsPage() {
  const { t } = useMissionsTexts();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        {can('missions:edit') && (
          <Button onClick={() => setCreating(true)} data-testid="mission-new">
            {t('new.button')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <DataTable
        columns={missionColumns(t, can('missions:edit'))}
        rowKey={(mission) => mission.id}
        rowProps={(mission) => ({ 'data-testid': 'mission-row', 'data-id': mission.id })}
        queryKey={missionPages.queryKey}
        fetchPage={missionPages.fetchPage}
        emptyText={t('list.empty')}
        minWidth={820}
      />
      <ReferralRuleCard canEdit={can('referrals:edit')} />
      {creating && <NewMissionModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}
