import { adminExportPaths } from '@app/contract/client';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, withQuery } from '../../components/data-table';
import { formatAmount, formatDateTime } from '../../lib/format';
import { type MemberProfile, memberStatementPages } from './api/member-calls';
import { PendingAdjustments } from './pending-adjustments';

export function BalancesTab({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const statement = memberStatementPages(member.id);
  return (
    <Stack>
      <Group data-testid="member-balances">
        {member.balances.map((balance) => (
          <Paper key={`${balance.asset}-${balance.wallet}`} withBorder p="sm" miw={180}>
            <Text size="xs" c="dimmed">
              {balance.wallet} · {balance.asset}
            </Text>
            <Text fw={600} size="lg" data-testid={`member-balance-${balance.asset}`}>
              {formatAmount(balance.available)} {balance.currency}
            </Text>
          </Paper>
        ))}
        {member.balances.length === 0 && <Text c="dimmed">{t('members.noBalance')}</Text>}
      </Group>
      <Text fw={500}>{t('members.pending.forMember')}</Text>
      <PendingAdjustments memberId={member.id} />
      <Text fw={500}>{t('members.statement.title')}</Text>
      <DataTable
        columns={[
          {
            key: 'at',
            header: t('members.statement.at'),
            cell: (line) => formatDateTime(line.atMs),
          },
          { key: 'code', header: t('members.statement.code'), cell: (line) => line.code },
          {
            key: 'wallet',
            header: t('members.statement.wallet'),
            cell: (line) => `${line.wallet} · ${line.asset}`,
          },
          {
            key: 'amount',
            header: t('members.statement.amount'),
            align: 'right',
            cell: (line) => (
              <Text span c={line.amount < 0 ? 'red' : 'teal'}>
                {line.amount > 0 ? '+' : ''}
                {formatAmount(line.amount)} {line.currency}
              </Text>
            ),
          },
          {
            key: 'balanceAfter',
            header: t('members.statement.balanceAfter'),
            amount: { value: (line) => line.balanceAfter, currency: (line) => line.currency },
          },
        ]}
        rowKey={(line) => line.id}
        queryKey={statement.queryKey}
        fetchPage={statement.fetchPage}
        exportHref={withQuery(adminExportPaths.memberStatement, { memberId: member.id })}
        testId="member-statement"
        emptyText={t('members.noRows')}
        emptyTestId="statement-empty"
      />
    </Stack>
  );
}
