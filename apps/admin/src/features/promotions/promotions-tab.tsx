import type { PromotionCategory } from '@app/contract';
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type AdminPromotionRow,
  promotionPages,
  usePromotionReport,
  useSetPromotionState,
} from './api/promotion-calls';
import { usePromotionsTexts } from './texts';

// The editor (rich text, upload, every rule) loads when an operator opens it.
const PromotionEditor = lazy(() => import('./promotion-editor'));
const ParticipantsModal = lazy(() => import('./participants-modal'));

const stateColour = { active: 'teal', paused: 'yellow', ended: 'gray' } as const;

/** The promotion's title in English, else in its first language. */
export function titleOf(promotion: Pick<AdminPromotionRow, 'texts'>): string {
  const texts = Object.values(promotion.texts);
  return promotion.texts.EN?.title ?? texts[0]?.title ?? '';
}

function StateButtons({ promotion }: { promotion: AdminPromotionRow }) {
  const { t } = usePromotionsTexts();
  const setState = useSetPromotionState();
  if (promotion.state === 'ended') return null;
  const next = promotion.state === 'active' ? 'paused' : 'active';
  return (
    <>
      <Button
        size="xs"
        variant="light"
        loading={setState.isPending}
        onClick={() => setState.mutate({ id: promotion.id, state: next })}
        data-testid="promotion-toggle"
      >
        {t(next === 'paused' ? 'pause' : 'resume')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setState.mutate({ id: promotion.id, state: 'ended' })}
        data-testid="promotion-end"
      >
        {t('end')}
      </Button>
    </>
  );
}

function columns(
  t: TFunction,
  canEdit: boolean,
  onEdit: (promotion: AdminPromotionRow) => void,
  onReport: (promotion: AdminPromotionRow) => void,
  onParticipants: (promotion: AdminPromotionRow) => void,
): DataTableColumn<AdminPromotionRow>[] {
  return [
    { key: 'title', header: t('fields.title'), cell: (row) => titleOf(row) },
    {
      key: 'category',
      header: t('fields.category'),
      cell: (row) => t(`category.${row.category as PromotionCategory}`),
    },
    { key: 'takeMode', header: t('fields.takeMode'), cell: (row) => t(`takeMode.${row.takeMode}`) },
    {
      key: 'reward',
      header: t('fields.reward'),
      cell: (row) => t(`rewardKind.${row.reward.kind}`),
    },
    {
      key: 'schedule',
      header: t('fields.schedule'),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.startsAtMs)} –
          </Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.endsAtMs)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('fields.state'),
      cell: (row) => (
        <Badge
          variant="light"
          color={stateColour[row.state]}
          style={{ flexShrink: 0, minWidth: 'max-content', maxWidth: 'none' }}
        >
          {t(`state.${row.state}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => onReport(row)}
            data-testid="promotion-report"
          >
            {t('report.open')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => onParticipants(row)}
            data-testid="promotion-participants-open"
          >
            {t('participants.open')}
          </Button>
          {canEdit && (
            <>
              <Button size="xs" onClick={() => onEdit(row)} data-testid="promotion-edit">
                {t('edit')}
              </Button>
              <StateButtons promotion={row} />
            </>
          )}
        </Group>
      ),
    },
  ];
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function ReportModal({
  promotion,
  onClose,
}: {
  promotion: AdminPromotionRow;
  onClose: () => void;
}) {
  const { t } = usePromotionsTexts();
  const report = usePromotionReport(promotion.id);
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatAmount(value);
  const data = report.data;
  return (
    <Modal opened onClose={onClose} title={`${t('report.title')}: ${titleOf(promotion)}`} size="lg">
      {report.error && <Text c="red">{errorText(t, report.error)}</Text>}
      {data && (
        <Stack data-testid="promotion-report-figures">
          <SimpleGrid cols={3}>
            <Figure label={t('report.participants')} value={String(data.participants)} />
            <Figure label={t('report.rewardsIssued')} value={String(data.rewardsIssued)} />
            <Figure label={t('report.issuedAmount')} value={money(data.issuedAmount)} />
            <Figure label={t('report.converted')} value={money(data.bonusConvertedAmount)} />
            <Figure label={t('report.forfeited')} value={money(data.bonusForfeitedAmount)} />
            <Figure label={t('report.expired')} value={money(data.bonusExpiredAmount)} />
            <Figure label={t('report.active')} value={money(data.bonusActiveAmount)} />
          </SimpleGrid>
          <Group gap="xs">
            {Object.entries(data.byStatus).map(([status, count]) => (
              <Badge key={status} variant="outline">
                {t(`participation.${status}`)}: {count}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The merchant's promotions, newest first; editors create, edit, pause, resume and end them. */
export function PromotionsTab() {
  const { t } = usePromotionsTexts();
  const can = useCan();
  const canEdit = can('promotions:edit');
  const [editing, setEditing] = useState<AdminPromotionRow | 'new' | null>(null);
  const [reporting, setReporting] = useState<AdminPromotionRow | null>(null);
  const [participantsOf, setParticipantsOf] = useState<AdminPromotionRow | null>(null);
  const pages = promotionPages();
  return (
    <>
      {canEdit && (
        <Group justify="flex-end" mb="sm">
          <Button onClick={() => setEditing('new')} data-testid="promotion-new">
            {t('new')}
          </Button>
        </Group>
      )}
      <DataTable
        columns={columns(t, canEdit, setEditing, setReporting, setParticipantsOf)}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'promotion-row', 'data-id': row.id })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('emptyPromotions')}
      />
      {editing && (
        <Suspense fallback={null}>
          <PromotionEditor
            promotion={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {reporting && <ReportModal promotion={reporting} onClose={() => setReporting(null)} />}
      {participantsOf && (
        <Suspense fallback={null}>
          <ParticipantsModal
            promotion={participantsOf}
            title={titleOf(participantsOf)}
            onClose={() => setParticipantsOf(null)}
          />
        </Suspense>
      )}
    </>
  );
}
