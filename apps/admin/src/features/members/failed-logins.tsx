import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { type MemberLoginFailureRow, memberLoginFailurePages } from './api/member-access-calls';

/** The Logins tab's second list: password logins refused for the member's account name. */
export function FailedLogins({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = memberLoginFailurePages(memberId);
  const columns = [
    {
      key: 'at',
      header: t('members.logins.at'),
      cell: (row: MemberLoginFailureRow) => formatDateTime(row.atMs),
    },
    {
      key: 'ip',
      header: t('members.logins.ip'),
      cell: (row: MemberLoginFailureRow) => row.ip ?? '—',
    },
    {
      key: 'device',
      header: t('members.logins.device'),
      cell: (row: MemberLoginFailureRow) => (
        <Text size="xs" lineClamp={2} title={row.device ?? ''} maw={360}>
          {row.device ?? '—'}
        </Text>
      ),
    },
    {
      key: 'result',
      header: t('members.logins.result'),
      cell: () => (
        <Badge color="red" variant="light">
          {t('members.logins.failure')}
        </Badge>
      ),
    },
    {
      key: 'reason',
      header: t('members.logins.reason'),
      cell: (row: MemberLoginFailureRow) => t(`members.logins.reasons.${row.reason}`),
    },
  ];
  return (
    <Stack gap="xs">
      <Text fw={500}>{t('members.logins.failedTitle')}</Text>
      <DataTable
        columns={columns}
        rowKey={(row) => row.id}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        testId="member-login-failures"
        emptyText={t('members.noRows')}
        emptyTestId="member-login-failures-empty"
        previousLabel={t('members.previous')}
        nextLabel={t('members.next')}
      />
    </Stack>
  );
}
