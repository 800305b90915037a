import { adminExportPaths } from '@app/contract/client';
import { Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
  withQuery,
} from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { type MemberRow, type MemberSearch, memberSearchPages } from './api/member-calls';
import { MEMBERS_PAGE_SIZE, MemberSearchForm } from './member-search-form';
import { PendingAdjustments } from './pending-adjustments';

export function StatusBadge({ status }: { status: MemberRow['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'teal' : 'red'} variant="light" data-testid="member-status">
      {t(`members.status.${status}`)}
    </Badge>
  );
}

function memberColumns(t: TFunction): DataTableColumn<MemberRow>[] {
  return [
    {
      key: 'account',
      header: t('members.account'),
      cell: (row) => (
        <>
          <Text component={Link} to={`/members/${row.id}`} c="blue" fw={500}>
            {row.account}
          </Text>
          {row.realName && (
            <Text size="xs" c="dimmed">
              {row.realName}
            </Text>
          )}
        </>
      ),
    },
    { key: 'id', header: t('members.id'), cell: (row) => row.id },
    { key: 'kind', header: t('members.kindLabel'), cell: (row) => t(`members.kind.${row.kind}`) },
    {
      key: 'status',
      header: t('members.statusLabel'),
      cell: (row) => <StatusBadge status={row.status} />,
    },
    {
      key: 'contact',
      header: t('members.contact'),
      cell: (row) => (
        <>
          <Text size="sm">{row.email ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {row.mobileNum ?? ''}
          </Text>
        </>
      ),
    },
    {
      key: 'registeredAt',
      header: t('members.registeredAt'),
      cell: (row) => formatDateTime(row.registeredAtMs),
      sortable: true,
    },
    {
      key: 'lastLoginAt',
      header: t('members.lastLoginAt'),
      cell: (row) => (row.lastLoginAtMs ? formatDateTime(row.lastLoginAtMs) : '—'),
      sortable: true,
    },
  ];
}

type MemberOrder = NonNullable<MemberSearch['order']>;

/** The server's orders as the table's sort: registration (the id) or last login, either way. */
const sortOfOrder: Record<MemberOrder, DataTableSort> = {
  newest: { key: 'registeredAt', direction: 'desc' },
  oldest: { key: 'registeredAt', direction: 'asc' },
  lastLoginNewest: { key: 'lastLoginAt', direction: 'desc' },
  lastLoginOldest: { key: 'lastLoginAt', direction: 'asc' },
};

function orderOfSort(sort: DataTableSort): MemberOrder {
  if (sort.key === 'lastLoginAt') {
    return sort.direction === 'asc' ? 'lastLoginOldest' : 'lastLoginNewest';
  }
  return sort.direction === 'asc' ? 'oldest' : 'newest';
}

/** The server orders by registration or by last login: the two sortable columns. */
function MemberResults({
  search,
  onOrderChange,
}: {
  search: MemberSearch;
  onOrderChange: (order: MemberOrder) => void;
}) {
  const { t } = useTranslation();
  const pages = memberSearchPages(search);
  const sort = sortOfOrder[search.order ?? 'newest'];
  return (
    <DataTable
      columns={memberColumns(t)}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': 'member-row', 'data-member-id': row.id })}
      queryKey={pages.queryKey}
      fetchPage={pages.fetchPage}
      sort={sort}
      onSortChange={(next) => onOrderChange(orderOfSort(next))}
      exportHref={withQuery(adminExportPaths.members, search)}
      emptyText={t('members.empty')}
      emptyTestId="members-empty"
      testId="members-table"
      nextTestId="members-next"
      previousLabel={t('members.previous')}
      nextLabel={t('members.next')}
      minWidth={900}
    />
  );
}

/** Members: search by any field (keyset paged), and the adjustments awaiting a second operator. */
export default function MembersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>('search');
  const [search, setSearch] = useState<MemberSearch>({ pageSize: MEMBERS_PAGE_SIZE });
  return (
    <Stack>
      <Title order={2}>{t('members.title')}</Title>
      <Tabs value={tab} onChange={(value) => value && setTab(value)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="search" data-testid="members-tab-search">
            {t('members.tabs.search')}
          </Tabs.Tab>
          <Tabs.Tab value="pending" data-testid="members-tab-pending">
            {t('members.tabs.pending')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="search">
          <Stack>
            <MemberSearchForm
              onSearch={(next) =>
                setSearch({ ...next, order: search.order, pageSize: MEMBERS_PAGE_SIZE })
              }
            />
            <MemberResults
              search={search}
              onOrderChange={(order) => setSearch({ ...search, order })}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pending">{tab === 'pending' && <PendingAdjustments />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
