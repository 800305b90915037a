import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { type MemberProfile, memberLoginPages } from './api/member-calls';
import { FailedLogins } from './failed-logins';

type Login = MemberProfile['recentLogins'][number];

/** The login columns, shared by the profile's recent logins and the Logins tab. */
function useLoginColumns() {
  const { t } = useTranslation();
  return [
    {
      key: 'at',
      header: t('members.logins.at'),
      cell: (login: Login) => formatDateTime(login.atMs),
    },
    { key: 'ip', header: t('members.logins.ip'), cell: (login: Login) => login.ip ?? '—' },
    {
      key: 'device',
      header: t('members.logins.device'),
      cell: (login: Login) => (
        <Text size="xs" lineClamp={2} title={login.device ?? ''} maw={360}>
          {login.device ?? '—'}
        </Text>
      ),
    },
    {
      key: 'result',
      header: t('members.logins.result'),
      cell: (login: Login) => (
        <>
          <Badge color="teal" variant="light">
            {t('members.logins.success')}
          </Badge>
          {login.endedAtMs && (
            <Text size="xs" c="dimmed">
              {t('members.logins.ended', { at: formatDateTime(login.endedAtMs) })}
            </Text>
          )}
        </>
      ),
    },
  ];
}

export function LoginRows({ memberId, logins }: { memberId: string; logins: Login[] }) {
  const { t } = useTranslation();
  return (
    <DataTable
      columns={useLoginColumns()}
      rowKey={(login) => login.id}
      queryKey={['members', 'recent-logins', memberId, logins.map((login) => login.id).join()]}
      fetchPage={async () => ({ items: logins, nextCursor: null })}
      testId="member-logins"
      emptyText={t('members.noRows')}
      emptyTestId="member-logins-empty"
    />
  );
}

export function LoginsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = memberLoginPages(memberId);
  return (
    <Stack>
      <DataTable
        columns={useLoginColumns()}
        rowKey={(login) => login.id}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        testId="member-logins"
        emptyText={t('members.noRows')}
        emptyTestId="member-logins-empty"
        previousLabel={t('members.previous')}
        nextLabel={t('members.next')}
      />
      <FailedLogins memberId={memberId} />
    </Stack>
  );
}
