import { BONUS_REASON_MAX_LENGTH, type BonusStatus } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import { type AdminBonusRow, bonusPages, useForfeitBonus } from './api/promotion-calls';
import { usePromotionsTexts } from './texts';

const statusColour: Record<BonusStatus, string> = {
  wagering: 'blue',
  converted: 'teal',
  expired: 'gray',
  forfeited: 'red',
};

function columns(
  t: TFunction,
  canForfeit: boolean,
  onForfeit: (bonus: AdminBonusRow) => void,
): DataTableColumn<AdminBonusRow>[] {
  return [
    { key: 'granted', header: t('fields.granted'), cell: (row) => formatDateTime(row.grantedAt) },
    { key: 'member', header: t('fields.member'), cell: (row) => row.account },
    {
      key: 'source',
      header: t('fields.source'),
      cell: (row) =>
        `${t(`source.${row.sourceKind}`)} ${row.sourceKind === 'promotion' ? `#${row.sourceRef}` : ''}`,
    },
    {
      key: 'amount',
      header: t('fields.amount'),
      amount: { value: (row) => row.amount, currency: (row) => row.currency },
    },
    {
      key: 'progress',
      header: t('fields.progress'),
      cell: (row) => (
        <Stack gap={2} miw={160}>
          <Progress value={row.progressPercent} size="sm" />
          <Text size="xs" c="dimmed" data-testid="bonus-progress">
            {formatAmount(row.progress)} / {formatAmount(row.requirement)} ({row.progressPercent} %)
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('fields.state'),
      cell: (row) => (
        <Badge variant="light" color={statusColour[row.status]}>
          {t(`bonusStatus.${row.status}`)}
        </Badge>
      ),
    },
    { key: 'expires', header: t('fields.expires'), cell: (row) => formatDateTime(row.expiresAt) },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        canForfeit && row.status === 'wagering' ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => onForfeit(row)}
            data-testid="bonus-forfeit"
          >
            {t('forfeit')}
          </Button>
        ) : null,
    },
  ];
}

function ForfeitModal({ bonus, onClose }: { bonus: AdminBonusRow; onClose: () => void }) {
  const { t } = usePromotionsTexts();
  const forfeit = useForfeitBonus(onClose);
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title={t('forfeitTitle')}>
      <Stack>
        <Text>
          {bonus.account} · {formatAmount(bonus.amount)} {bonus.currency}
        </Text>
        <Text size="sm" c="dimmed">
          {t('forfeitHint')}
        </Text>
        <Textarea
          label={t('reason')}
          rows={3}
          maxLength={BONUS_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-testid="bonus-forfeit-reason"
        />
        {forfeit.error && <Alert color="red">{errorText(t, forfeit.error)}</Alert>}
        <Button
          color="red"
          loading={forfeit.isPending}
          disabled={reason.trim() === ''}
          onClick={() => forfeit.mutate({ bonusId: bonus.bonusId, reason })}
          data-testid="bonus-forfeit-confirm"
        >
          {t('forfeit')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The merchant's bonuses, newest first, optionally one member's; finance may forfeit one. */
export default function BonusesTab() {
  const { t } = usePromotionsTexts();
  const can = useCan();
  const [account, setAccount] = useState('');
  const [filter, setFilter] = useState('');
  const [forfeiting, setForfeiting] = useState<AdminBonusRow | null>(null);
  const pages = bonusPages(filter);
  return (
    <>
      <Group mb="sm" align="flex-end">
        <TextInput
          label={t('fields.member')}
          value={account}
          onChange={(event) => setAccount(event.currentTarget.value)}
          data-testid="bonuses-account"
        />
        <Button variant="default" onClick={() => setFilter(account.trim())}>
          {t('search')}
        </Button>
      </Group>
      <DataTable
        columns={columns(t, can('bonuses:grant'), setForfeiting)}
        rowKey={(row) => row.bonusId}
        rowProps={(row) => ({ 'data-testid': 'bonus-row', 'data-account': row.account })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('emptyBonuses')}
      />
      {forfeiting && <ForfeitModal bonus={forfeiting} onClose={() => setForfeiting(null)} />}
    </>
  );
}
