import { type AdminVipRanks, VIP_RANKS_MAX, VIP_WINDOW_DAYS_MAX } from '@app/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import {
  fetchVipRanks,
  useSaveVipRanks,
  VIP_RANKS_KEY,
  type VipRank,
  vipRankPages,
} from './api/rule-calls';
import { ColourField, HEX_COLOUR } from './colour-field';
import { MemberLabelColours } from './member-label-colours';
import { RankPill } from './rank-pill';
import { useLoyaltyTexts } from './texts';

function columns(t: TFunction): DataTableColumn<VipRank>[] {
  return [
    { key: 'level', header: t('ranks.level'), cell: (row) => row.rankLevel },
    {
      key: 'label',
      header: t('ranks.label'),
      cell: (row) => <RankPill text={row.name} color={row.color} background={row.color2} />,
    },
    {
      key: 'turnover',
      header: t('ranks.minTurnover'),
      cell: (row) => row.minTurnover.toLocaleString(),
      align: 'right',
    },
    {
      key: 'deposit',
      header: t('ranks.minDeposit'),
      cell: (row) => row.minDeposit.toLocaleString(),
      align: 'right',
    },
  ];
}

/** One editable rank: level, label text and colours, and the two minimums. */
function RankLine(props: {
  rank: VipRank;
  onChange: (rank: VipRank) => void;
  onRemove: () => void;
}) {
  const { t } = useLoyaltyTexts();
  const { rank } = props;
  const set = (change: Partial<VipRank>) => props.onChange({ ...rank, ...change });
  return (
    <Stack gap={4} data-testid="rank-line">
      <Group align="end" wrap="nowrap">
        <NumberInput
          w={80}
          label={t('ranks.level')}
          min={1}
          max={99}
          value={rank.rankLevel}
          onChange={(level) => set({ rankLevel: Number(level) || 1 })}
        />
        <TextInput
          label={t('ranks.name')}
          value={rank.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
        <ColourField
          invalidText={t('ranks.colourInvalid')}
          w={150}
          label={t('ranks.textColour')}
          value={rank.color}
          onChange={(color) => set({ color })}
        />
        <ColourField
          invalidText={t('ranks.colourInvalid')}
          w={150}
          label={t('ranks.backgroundColour')}
          value={rank.color2}
          onChange={(color2) => set({ color2 })}
        />
        <ActionIcon variant="light" color="red" size="lg" onClick={props.onRemove} aria-label="×">
          ×
        </ActionIcon>
      </Group>
      <SimpleGrid cols={2}>
        <NumberInput
          label={t('ranks.minTurnover')}
          min={0}
          decimalScale={2}
          value={rank.minTurnover}
          onChange={(amount) => set({ minTurnover: Number(amount) || 0 })}
          data-testid="rank-turnover"
        />
        <NumberInput
          label={t('ranks.minDeposit')}
          min={0}
          decimalScale={2}
          value={rank.minDeposit}
          onChange={(amount) => set({ minDeposit: Number(amount) || 0 })}
        />
      </SimpleGrid>
    </Stack>
  );
}

function rankIsComplete(rank: VipRank): boolean {
  return rank.name.trim() !== '' && HEX_COLOUR.test(rank.color) && HEX_COLOUR.test(rank.color2);
}

function nextRank(ranks: readonly VipRank[]): VipRank {
  const last = ranks.at(-1);
  return {
    rankLevel: (last?.rankLevel ?? 0) + 1,
    name: '',
    color: '#ffffff',
    color2: '#5c7cfa',
    minTurnover: last?.minTurnover ?? 0,
    minDeposit: last?.minDeposit ?? 0,
  };
}

function RanksModal({ initial, onClose }: { initial: AdminVipRanks; onClose: () => void }) {
  const { t } = useLoyaltyTexts();
  const [value, setValue] = useState<AdminVipRanks>(initial);
  const save = useSaveVipRanks(onClose);
  const setRank = (index: number, rank: VipRank | null) =>
    setValue((now) => ({
      ...now,
      ranks: rank
        ? now.ranks.map((old, at) => (at === index ? rank : old))
        : now.ranks.filter((_, at) => at !== index),
    }));
  return (
    <Modal opened onClose={onClose} size="xl" title={t('ranks.editTitle')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('ranks.hint')}
        </Text>
        <NumberInput
          w={200}
          label={t('ranks.windowDays')}
          min={1}
          max={VIP_WINDOW_DAYS_MAX}
          value={value.windowDays}
          onChange={(days) => setValue((now) => ({ ...now, windowDays: Number(days) || 1 }))}
        />
        {value.ranks.map((rank, index) => (
          <RankLine
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved.
            key={index}
            rank={rank}
            onChange={(changed) => setRank(index, changed)}
            onRemove={() => setRank(index, null)}
          />
        ))}
        <Button
          variant="light"
          disabled={value.ranks.length >= VIP_RANKS_MAX}
          onClick={() =>
            setValue((now) => ({ ...now, ranks: [...now.ranks, nextRank(now.ranks)] }))
          }
        >
          {t('ranks.add')}
        </Button>
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Button
          loading={save.isPending}
          disabled={!value.ranks.every(rankIsComplete)}
          onClick={() => save.mutate(value)}
          data-testid="ranks-save"
        >
          {t('catalogue.save')}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * The club ranks: each rank's label as members see it and the valid bets and deposits over the
 * rolling window a member needs for it; below, the colours of the operators' member labels.
 */
export default function ClubRanksPage() {
  const { t } = useLoyaltyTexts();
  const canEdit = useCan()('loyalty:configure');
  const [editing, setEditing] = useState(false);
  const current = useQuery({ queryKey: [...VIP_RANKS_KEY, 'all'], queryFn: () => fetchVipRanks() });
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('ranks.title')}</Title>
        {canEdit && current.data && (
          <Button onClick={() => setEditing(true)} data-testid="ranks-edit">
            {t('ranks.edit')}
          </Button>
        )}
      </Group>
      {current.data && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="ranks-window">
          {t('ranks.windowText', { days: current.data.windowDays })}
        </Text>
      )}
      <DataTable
        columns={columns(t)}
        rowKey={(row) => row.rankLevel}
        rowProps={(row) => ({ 'data-testid': 'rank-row', 'data-level': String(row.rankLevel) })}
        queryKey={vipRankPages.queryKey}
        fetchPage={vipRankPages.fetchPage}
        emptyText={t('ranks.empty')}
        emptyTestId="ranks-empty"
      />
      {editing && current.data && (
        <RanksModal initial={current.data} onClose={() => setEditing(false)} />
      )}
      <MemberLabelColours canEdit={canEdit} />
    </>
  );
}
