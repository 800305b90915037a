import { formatAmount, type RedeemStatus } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePointDetail, useRedeemList } from '../api/use-points';

const statusColour: Record<RedeemStatus, string> = {
  'In Process': 'yellow',
  Approved: 'teal',
  Rejected: 'red',
};

/** A table's loading, failure and empty states, then its rows and pages. */
function TableFrame(props: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  empty: boolean;
  emptyText: string;
  totalPages: number;
  pageNo: number;
  onPage: (pageNo: number) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('points');
  if (props.query.isPending) {
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={32} />
        ))}
      </Stack>
    );
  }
  if (props.query.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(t, props.query.error)}
      </Alert>
    );
  }
  if (props.empty) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {props.emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640}>{props.children}</Table.ScrollContainer>
      {props.totalPages > 1 && (
        <Pagination
          total={props.totalPages}
          value={props.pageNo}
          onChange={props.onPage}
          mx="auto"
        />
      )}
    </Stack>
  );
}

function timeOf(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** The member's redemptions (SPEC §3: reference, apply time, type, name, quantity, points, amount, status). */
export function RedemptionTable({ currency }: { currency: string }) {
  const { t } = useTranslation('points');
  const [pageNo, setPageNo] = useState(1);
  const list = useRedeemList({ status: undefined, pageNo });
  const rows = list.data?.list ?? [];
  return (
    <TableFrame
      query={list}
      empty={rows.length === 0}
      emptyText={t('no_redemptions')}
      totalPages={list.data?.totalPages ?? 0}
      pageNo={pageNo}
      onPage={setPageNo}
    >
      <Table striped verticalSpacing="xs" data-testid="redemption-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reference_no')}</Table.Th>
            <Table.Th>{t('apply_time')}</Table.Th>
            <Table.Th>{t('type')}</Table.Th>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th ta="right">{t('quantity')}</Table.Th>
            <Table.Th ta="right">{t('points')}</Table.Th>
            <Table.Th ta="right">{t('amount')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.referenceNo}>
              <Table.Td ff="monospace">{row.referenceNo}</Table.Td>
              <Table.Td>{timeOf(row.applyTime)}</Table.Td>
              <Table.Td>{t(`type_${row.type}`)}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right">{row.quantity}</Table.Td>
              <Table.Td ta="right">{row.points.toLocaleString()}</Table.Td>
              <Table.Td ta="right">
                {row.amount > 0 ? `${formatAmount(row.amount)} ${currency}` : '-'}
              </Table.Td>
              <Table.Td>
                <Badge color={statusColour[row.status]} variant="light">
                  {t(`status_${row.status.replace(' ', '_').toLowerCase()}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}

/** The points detail (SPEC §3: changed points, balance, remark). */
export function PointHistoryTable() {
  const { t } = useTranslation('points');
  const [pageNo, setPageNo] = useState(1);
  const detail = usePointDetail(pageNo);
  const rows = detail.data?.list ?? [];
  return (
    <TableFrame
      query={detail}
      empty={rows.length === 0}
      emptyText={t('no_history')}
      totalPages={detail.data?.totalPages ?? 0}
      pageNo={pageNo}
      onPage={setPageNo}
    >
      <Table striped verticalSpacing="xs" data-testid="points-history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('time')}</Table.Th>
            <Table.Th>{t('type')}</Table.Th>
            <Table.Th ta="right">{t('changed_points')}</Table.Th>
            <Table.Th ta="right">{t('balance')}</Table.Th>
            <Table.Th>{t('remark')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{timeOf(row.time)}</Table.Td>
              <Table.Td>{t(`reason_${row.type}`, { defaultValue: row.type })}</Table.Td>
              <Table.Td ta="right" c={row.changedPoints >= 0 ? 'teal' : 'red'} fw={600}>
                {row.changedPoints >= 0 ? '+' : ''}
                {row.changedPoints.toLocaleString()}
              </Table.Td>
              <Table.Td ta="right">{row.balance.toLocaleString()}</Table.Td>
              <Table.Td>{row.remark}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
