import { builtinSlotGameCodes, pointRewardTypes } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { type AdminReward, type RewardSave, rewardPages, useSaveReward } from './api/reward-calls';
import { useLoyaltyTexts } from './texts';

type RewardType = RewardSave['type'];
type Editing = { reward: AdminReward | null } | null;

/** What a new item starts as: a cash reward with unlimited stock. */
const NEW_REWARD: RewardSave = {
  type: 'cash',
  name: '',
  description: '',
  imageUrl: null,
  points: 100,
  amount: 0,
  stock: null,
  needsApproval: false,
  maxQuantity: 1,
  active: true,
  sortOrder: 0,
  wageringMultiple: 1,
  freeSpins: null,
};

/** The built-in slots by their catalogue names (proper names: the same in every language). */
const slotNames: Record<string, string> = {
  'inh-jade-dragon': 'Jade Dragon',
  'inh-neon-fruits': 'Neon Fruits',
};

/** Free spins start on the first built-in slot, ten spins at the smallest bet. */
const NEW_FREE_SPINS = { gameCode: builtinSlotGameCodes[0] ?? '', spins: 10, betPerLine: 1 };

function saveOf(reward: AdminReward): RewardSave {
  return {
    id: reward.id,
    type: reward.type,
    name: reward.name,
    description: reward.description,
    imageUrl: reward.imageUrl,
    points: reward.points,
    amount: reward.amount,
    stock: reward.stock,
    needsApproval: reward.needsApproval,
    maxQuantity: reward.maxQuantity,
    active: reward.active,
    sortOrder: reward.sortOrder,
    wageringMultiple: reward.wageringMultiple,
    freeSpins: reward.freeSpins,
  };
}

function rewardValueText(t: TFunction, reward: AdminReward): string {
  if (reward.type === 'free_spins' && reward.freeSpins) {
    return t('catalogue.freeSpinsValue', reward.freeSpins);
  }
  if (reward.type === 'cash' || reward.type === 'bonus') return reward.amount.toLocaleString();
  return '—';
}

function columns(
  t: TFunction,
  canEdit: boolean,
  onEdit: (reward: AdminReward) => void,
): DataTableColumn<AdminReward>[] {
  return [
    { key: 'name', header: t('catalogue.name'), cell: (row) => row.name },
    { key: 'type', header: t('catalogue.typeLabel'), cell: (row) => t(`type.${row.type}`) },
    { key: 'points', header: t('points'), cell: (row) => row.points.toLocaleString() },
    { key: 'value', header: t('catalogue.value'), cell: (row) => rewardValueText(t, row) },
    {
      key: 'wagering',
      header: t('catalogue.wagering'),
      cell: (row) =>
        row.type === 'bonus' || row.type === 'free_spins' ? `×${row.wageringMultiple}` : '—',
    },
    {
      key: 'stock',
      header: t('catalogue.stock'),
      cell: (row) => (row.stock === null ? t('catalogue.unlimited') : row.stock.toLocaleString()),
    },
    {
      key: 'active',
      header: t('statusLabel'),
      cell: (row) => (
        <Badge variant="light" color={row.active ? 'teal' : 'gray'}>
          {t(row.active ? 'catalogue.on' : 'catalogue.off')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        canEdit ? (
          <Button size="xs" variant="light" onClick={() => onEdit(row)} data-testid="reward-edit">
            {t('catalogue.edit')}
          </Button>
        ) : null,
    },
  ];
}

/** The fields only some reward types have: the amount, the wagering and the free spins. */
function TypeFields({
  value,
  set,
}: {
  value: RewardSave;
  set: (change: Partial<RewardSave>) => void;
}) {
  const { t } = useLoyaltyTexts();
  const spins = value.freeSpins ?? NEW_FREE_SPINS;
  return (
    <>
      {(value.type === 'cash' || value.type === 'bonus') && (
        <NumberInput
          label={t('amount')}
          min={0}
          decimalScale={2}
          value={value.amount}
          onChange={(amount) => set({ amount: Number(amount) || 0 })}
        />
      )}
      {(value.type === 'bonus' || value.type === 'free_spins') && (
        <NumberInput
          label={t('catalogue.wageringMultiple')}
          min={0}
          max={100}
          value={value.wageringMultiple}
          onChange={(multiple) => set({ wageringMultiple: Number(multiple) || 0 })}
        />
      )}
      {value.type === 'free_spins' && (
        <SimpleGrid cols={3}>
          <NativeSelect
            label={t('catalogue.slot')}
            data={builtinSlotGameCodes.map((code) => ({
              value: code,
              label: slotNames[code] ?? code,
            }))}
            value={spins.gameCode}
            onChange={(event) =>
              set({ freeSpins: { ...spins, gameCode: event.currentTarget.value } })
            }
          />
          <NumberInput
            label={t('catalogue.spins')}
            min={1}
            max={500}
            value={spins.spins}
            onChange={(count) => set({ freeSpins: { ...spins, spins: Number(count) || 1 } })}
          />
          <NumberInput
            label={t('catalogue.betPerLine')}
            min={0.01}
            decimalScale={2}
            value={spins.betPerLine}
            onChange={(bet) => set({ freeSpins: { ...spins, betPerLine: Number(bet) || 0 } })}
          />
        </SimpleGrid>
      )}
    </>
  );
}

function RewardModal({ reward, onClose }: { reward: AdminReward | null; onClose: () => void }) {
  const { t } = useLoyaltyTexts();
  const [value, setValue] = useState<RewardSave>(reward ? saveOf(reward) : NEW_REWARD);
  const save = useSaveReward(onClose);
  const set = (change: Partial<RewardSave>) => setValue((now) => ({ ...now, ...change }));
  const setType = (type: RewardType) =>
    set({ type, freeSpins: type === 'free_spins' ? (value.freeSpins ?? NEW_FREE_SPINS) : null });
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(reward ? 'catalogue.editTitle' : 'catalogue.newTitle')}
    >
      <Stack>
        <SimpleGrid cols={2}>
          <NativeSelect
            label={t('catalogue.typeLabel')}
            data={pointRewardTypes.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            value={value.type}
            onChange={(event) => setType(event.currentTarget.value as RewardType)}
            data-testid="reward-type"
          />
          <TextInput
            label={t('catalogue.name')}
            value={value.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            data-testid="reward-name"
          />
        </SimpleGrid>
        <Textarea
          label={t('catalogue.description')}
          rows={2}
          value={value.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <SimpleGrid cols={3}>
          <NumberInput
            label={t('points')}
            min={1}
            value={value.points}
            onChange={(points) => set({ points: Number(points) || 1 })}
            data-testid="reward-points"
          />
          <NumberInput
            label={t('catalogue.stockHint')}
            min={0}
            value={value.stock ?? ''}
            onChange={(stock) => set({ stock: stock === '' ? null : Number(stock) })}
          />
          <NumberInput
            label={t('catalogue.maxQuantity')}
            min={1}
            max={100}
            value={value.maxQuantity}
            onChange={(quantity) => set({ maxQuantity: Number(quantity) || 1 })}
          />
        </SimpleGrid>
        <TypeFields value={value} set={set} />
        <Group>
          <Checkbox
            label={t('catalogue.needsApproval')}
            checked={value.needsApproval || value.type === 'goods'}
            disabled={value.type === 'goods'}
            onChange={(event) => set({ needsApproval: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('catalogue.active')}
            checked={value.active}
            onChange={(event) => set({ active: event.currentTarget.checked })}
            data-testid="reward-active"
          />
        </Group>
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Button
          loading={save.isPending}
          disabled={value.name.trim() === ''}
          onClick={() => save.mutate(value)}
          data-testid="reward-save"
        >
          {t('catalogue.save')}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * The point mall's catalogue: every item, on or off, with its price, value, wagering and stock.
 * Operators who may configure loyalty create items and change them (switching one off hides it
 * from members); the others read.
 */
export default function PointRewardsPage() {
  const { t } = useLoyaltyTexts();
  const canEdit = useCan()('loyalty:configure');
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('catalogue.title')}</Title>
        {canEdit && (
          <Button onClick={() => setEditing({ reward: null })} data-testid="reward-new">
            {t('catalogue.new')}
          </Button>
        )}
      </Group>
      <DataTable
        columns={columns(t, canEdit, (reward) => setEditing({ reward }))}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'reward-row', 'data-name': row.name })}
        queryKey={rewardPages.queryKey}
        fetchPage={rewardPages.fetchPage}
        emptyText={t('catalogue.empty')}
        emptyTestId="rewards-empty"
      />
      {editing && <RewardModal reward={editing.reward} onClose={() => setEditing(null)} />}
    </>
  );
}
