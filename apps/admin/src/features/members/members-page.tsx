import { Alert, Badge, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { type MemberRow, type MemberSearch, useMemberSearch } from './api/member-calls';
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

function MemberResults({ search }: { search: MemberSearch }) {
  const { t } = useTranslation();
  // Keyset paging: the cursors seen, so "Previous" walks back without offsets.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const found = useMemberSearch(search, cursors[cursors.length - 1]);
  const rows = found.data?.list ?? [];
  const nextAfterId = found.data?.nextAfterId ?? null;
  return (
    <Stack>
      {found.error && <Alert color="red">{errorText(t, found.error)}</Alert>}
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder highlightOnHover data-testid="members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('members.account')}</Table.Th>
              <Table.Th>{t('members.id')}</Table.Th>
              <Table.Th>{t('members.kindLabel')}</Table.Th>
              <Table.Th>{t('members.statusLabel')}</Table.Th>
              <Table.Th>{t('members.contact')}</Table.Th>
              <Table.Th>{t('members.registeredAt')}</Table.Th>
              <Table.Th>{t('members.lastLoginAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="member-row" data-member-id={row.id}>
                <Table.Td>
                  <Text component={Link} to={`/members/${row.id}`} c="blue" fw={500}>
                    {row.account}
                  </Text>
                  {row.realName && (
                    <Text size="xs" c="dimmed">
                      {row.realName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>{t(`members.kind.${row.kind}`)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.email ?? '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {row.mobileNum ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(row.registeredAtMs)}</Table.Td>
                <Table.Td>{row.lastLoginAtMs ? formatDateTime(row.lastLoginAtMs) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {found.data && rows.length === 0 && (
        <Text c="dimmed" data-testid="members-empty">
          {t('members.empty')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={cursors.length <= 1}
          onClick={() => setCursors((current) => current.slice(0, -1))}
        >
          {t('members.previous')}
        </Button>
        <Button
          variant="default"
          disabled={nextAfterId === null}
          onClick={() => setCursors((current) => [...current, nextAfterId ?? undefined])}
          data-testid="members-next"
        >
          {t('members.next')}
        </Button>
      </Group>
    </Stack>
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
              onSearch={(next) => setSearch({ ...next, pageSize: MEMBERS_PAGE_SIZE })}
            />
            {/* A new search starts again at the first page. */}
            <MemberResults key={JSON.stringify(search)} search={search} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pending">{tab === 'pending' && <PendingAdjustments />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
