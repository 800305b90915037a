import { PROMOTION_REJECT_REASON_MAX } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import {
  type AdminApplicationRow,
  type ApplicationStatus,
  applicationPages,
  applicationStatuses,
  useApplicationImage,
  useDecideApplication,
} from './api/promotion-calls';
import { usePromotionsTexts } from './texts';

type Decision = { kind: 'approve' | 'reject'; application: AdminApplicationRow } | null;

const statusColour: Record<ApplicationStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
};
/** Side of an image's thumbnail in the queue (px); a click opens it whole. */
const THUMBNAIL_PX = 56;

function Thumbnail({ id, label }: { id: string; label: string }) {
  const image = useApplicationImage(id);
  if (!image.data) return <Skeleton width={THUMBNAIL_PX} height={THUMBNAIL_PX} />;
  return (
    <Anchor href={image.data} target="_blank" rel="noreferrer" aria-label={label}>
      <Image
        src={image.data}
        w={THUMBNAIL_PX}
        h={THUMBNAIL_PX}
        fit="cover"
        radius="sm"
        alt={label}
        data-testid="application-image"
      />
    </Anchor>
  );
}

function columns(
  t: TFunction,
  canDecide: boolean,
  onDecide: (decision: Decision) => void,
): DataTableColumn<AdminApplicationRow>[] {
  return [
    {
      key: 'createdAt',
      header: t('fields.applied'),
      cell: (row) => formatDateTime(row.createdAtMs),
    },
    { key: 'promotion', header: t('fields.promotion'), cell: (row) => row.promotionTitle },
    { key: 'member', header: t('fields.member'), cell: (row) => row.account },
    {
      key: 'comment',
      header: t('fields.comment'),
      cell: (row) => (
        <Text size="sm" maw={260} style={{ overflowWrap: 'anywhere' }}>
          {row.comment}
        </Text>
      ),
    },
    {
      key: 'images',
      header: t('fields.images'),
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          {row.imageIds.map((id, index) => (
            <Thumbnail key={id} id={id} label={t('imageLabel', { number: index + 1 })} />
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('fields.state'),
      cell: (row) => (
        <>
          <Badge variant="light" color={statusColour[row.status]}>
            {t(`application.${row.status}`)}
          </Badge>
          {row.rejectReason && (
            <Text size="xs" c="dimmed">
              {row.rejectReason}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        canDecide && row.status === 'pending' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => onDecide({ kind: 'approve', application: row })}
              data-testid="application-approve"
            >
              {t('approve')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => onDecide({ kind: 'reject', application: row })}
              data-testid="application-reject"
            >
              {t('reject')}
            </Button>
          </Group>
        ) : null,
    },
  ];
}

function DecisionModal({
  decision,
  onClose,
}: {
  decision: NonNullable<Decision>;
  onClose: () => void;
}) {
  const { t } = usePromotionsTexts();
  const decide = useDecideApplication(onClose);
  const [reason, setReason] = useState('');
  const { application, kind } = decision;
  return (
    <Modal opened onClose={onClose} title={t(kind === 'approve' ? 'approveTitle' : 'rejectTitle')}>
      <Stack>
        <Text>
          {application.promotionTitle} · {application.account}
        </Text>
        <Text size="sm" c="dimmed">
          {t(kind === 'approve' ? 'approveHint' : 'rejectHint')}
        </Text>
        {kind === 'reject' && (
          <Textarea
            label={t('reason')}
            rows={3}
            maxLength={PROMOTION_REJECT_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="application-reject-reason"
          />
        )}
        {decide.error && <Alert color="red">{errorText(t, decide.error)}</Alert>}
        <Button
          color={kind === 'approve' ? undefined : 'red'}
          loading={decide.isPending}
          disabled={kind === 'reject' && reason.trim() === ''}
          onClick={() =>
            decide.mutate(
              kind === 'approve'
                ? { id: application.id, decision: 'approve' }
                : { id: application.id, decision: 'reject', reason },
            )
          }
          data-testid="application-confirm"
        >
          {t(kind)}
        </Button>
      </Stack>
    </Modal>
  );
}

/** Activity applications (SPEC §5): pending first; reviewers approve or reject with a reason. */
export function ApplicationsTab() {
  const { t } = usePromotionsTexts();
  const can = useCan();
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  const [decision, setDecision] = useState<Decision>(null);
  const pages = applicationPages(status);
  return (
    <>
      <Tabs
        variant="pills"
        value={status}
        onChange={(value) => value && setStatus(value as ApplicationStatus)}
      >
        <Tabs.List mb="md">
          {applicationStatuses.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`applications-tab-${value}`}>
              {t(`application.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable
        columns={columns(t, can('promotions:review'), setDecision)}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'application-row', 'data-account': row.account })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('emptyApplications')}
        emptyTestId="applications-empty"
      />
      {decision && <DecisionModal decision={decision} onClose={() => setDecision(null)} />}
    </>
  );
}
