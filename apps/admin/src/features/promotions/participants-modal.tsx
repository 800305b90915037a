import { adminExportPaths, promotionParticipationStatuses } from '@app/contract';
import { Badge, Modal, NativeSelect, Stack } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn, withQuery } from '../../components/data-table';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type AdminParticipantRow,
  type AdminPromotionRow,
  type ParticipantStatus,
  participantPages,
} from './api/promotion-calls';
import { usePromotionsTexts } from './texts';

/** Wide enough for the seven columns without a horizontal scroll on a laptop screen. */
const PARTICIPANTS_MODAL_WIDTH = 1000;

const money = (value: number | null) => (value === null ? '—' : formatAmount(value));

function columns(t: TFunction): DataTableColumn<AdminParticipantRow>[] {
  return [
    { key: 'account', header: t('fields.member'), cell: (row) => row.account },
    {
      key: 'joinedAt',
      header: t('participants.joinedAt'),
      cell: (row) => formatDateTime(row.joinedAtMs),
    },
    {
      key: 'status',
      header: t('fields.state'),
      cell: (row) => (
        <Badge variant="light" style={{ flexShrink: 0, minWidth: 'max-content', maxWidth: 'none' }}>
          {t(`participation.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'reward',
      header: t('participants.reward'),
      align: 'right',
      cell: (row) => formatAmount(row.rewardAmount),
    },
    {
      key: 'bonus',
      header: t('participants.bonus'),
      cell: (row) => (row.bonusStatus ? t(`bonusStatus.${row.bonusStatus}`) : '—'),
    },
    {
      key: 'bonusIssued',
      header: t('participants.bonusIssued'),
      align: 'right',
      cell: (row) => money(row.bonusIssuedAmount),
    },
    {
      key: 'bonusConverted',
      header: t('participants.bonusConverted'),
      align: 'right',
      cell: (row) => money(row.bonusConvertedAmount),
    },
  ];
}

/** One promotion's participants (keyset pages, a status filter, the CSV export of the same rows). */
export default function ParticipantsModal({
  promotion,
  title,
  onClose,
}: {
  promotion: AdminPromotionRow;
  title: string;
  onClose: () => void;
}) {
  const { t } = usePromotionsTexts();
  const [status, setStatus] = useState<ParticipantStatus | ''>('');
  const filter = status === '' ? undefined : status;
  const pages = participantPages(promotion.id, filter);
  return (
    <Modal
      opened
      onClose={onClose}
      size={PARTICIPANTS_MODAL_WIDTH}
      title={`${t('participants.title')}: ${title}`}
      data-testid="promotion-participants"
    >
      <Stack>
        <NativeSelect
          label={t('participants.filter')}
          value={status}
          w={220}
          data={[
            { value: '', label: t('participants.allStatuses') },
            ...promotionParticipationStatuses.map((value) => ({
              value,
              label: t(`participation.${value}`),
            })),
          ]}
          onChange={(event) => setStatus(event.currentTarget.value as ParticipantStatus | '')}
          data-testid="participants-status"
        />
        <DataTable
          columns={columns(t)}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': 'participant-row', 'data-account': row.account })}
          queryKey={pages.queryKey}
          fetchPage={pages.fetchPage}
          exportHref={withQuery(adminExportPaths.promotionParticipants, {
            id: promotion.id,
            status: filter,
          })}
          emptyText={t('participants.empty')}
        />
      </Stack>
    </Modal>
  );
}
