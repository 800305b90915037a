import { agentMemberTypes, type DownlineMember, formatAmount } from '@app/contract/client';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentPageProps } from '../agent-page-props';
import { agentTeamKey, setDownlineType, useDownline } from '../api/team';
import { EmptyNote, ErrorNote, MoreButton } from '../components/centre-parts';

const SEARCH_DEBOUNCE_MS = 300;

interface Crumb {
  memberId: string;
  account: string;
}

/**
 * Team management: the downline one level at a time (drill down into a member's own downline;
 * the crumbs lead back up), or the whole team when searching by account; a direct downline can
 * be made an agent of the caller's type, or a member again.
 */
export default function TeamManagementPage({ agentType }: AgentPageProps) {
  const { t } = useTranslation('agent-centre');
  const queryClient = useQueryClient();
  const [path, setPath] = useState<Crumb[]>([]);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'active' | 'locked' | null>(null);
  const [account] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const parent = path[path.length - 1];
  const list = useDownline({
    ...(account ? { account } : parent ? { parentId: parent.memberId } : {}),
    ...(status ? { status } : {}),
  });
  const changeType = useMutation({
    mutationFn: (input: { memberId: string; type: number }) => setDownlineType(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agentTeamKey }),
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Types change only for the agent's direct downline (the first level, not a search).
  const canSetType = (row: DownlineMember) =>
    !account && !parent && agentType !== undefined && row.level === 1;
  return (
    <Stack gap="md" data-testid="agent-team-management">
      <Group gap="xs" align="end">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          placeholder={t('search_account')}
          aria-label={t('search_account')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          size="xs"
          w={140}
          clearable
          placeholder={t('all_statuses')}
          aria-label={t('status')}
          value={status}
          onChange={(value) => setStatus(value as 'active' | 'locked' | null)}
          data={[
            { value: 'active', label: t('status_active') },
            { value: 'locked', label: t('status_locked') },
          ]}
        />
      </Group>
      {!account && (
        <Breadcrumbs separator="›">
          <Anchor component="button" size="sm" onClick={() => setPath([])}>
            {t('my_downline')}
          </Anchor>
          {path.map((crumb, index) => (
            <Anchor
              key={crumb.memberId}
              component="button"
              size="sm"
              onClick={() => setPath(path.slice(0, index + 1))}
            >
              {crumb.account}
            </Anchor>
          ))}
        </Breadcrumbs>
      )}
      {(list.error || changeType.error) && <ErrorNote error={list.error ?? changeType.error} />}
      {list.isPending && <Loader size="sm" />}
      {list.data && rows.length === 0 && <EmptyNote />}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={620}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account')}</Table.Th>
                <Table.Th>{t('level')}</Table.Th>
                <Table.Th>{t('type')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
                <Table.Th ta="right">{t('balance')}</Table.Th>
                <Table.Th>{t('last_login')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const isAgent = agentMemberTypes.includes(row.type);
                return (
                  <Table.Tr key={row.memberId}>
                    <Table.Td>
                      {row.directDownlineCount > 0 ? (
                        <Anchor
                          component="button"
                          size="sm"
                          onClick={() => {
                            setSearch('');
                            setPath([...path, { memberId: row.memberId, account: row.account }]);
                          }}
                        >
                          {row.account} ({row.directDownlineCount})
                        </Anchor>
                      ) : (
                        <Text size="sm">{row.account}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>{row.level}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm" color={isAgent ? 'grape' : 'gray'}>
                        {isAgent ? t('type_agent') : t('type_member')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="dot"
                        size="sm"
                        color={row.status === 'active' ? 'teal' : 'red'}
                      >
                        {t(`status_${row.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatAmount(row.balance)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {row.lastLoginAtMs ? new Date(row.lastLoginAtMs).toLocaleString() : '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canSetType(row) && (isAgent ? row.directDownlineCount === 0 : true) && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          loading={
                            changeType.isPending && changeType.variables?.memberId === row.memberId
                          }
                          onClick={() =>
                            changeType.mutate({
                              memberId: row.memberId,
                              type: isAgent ? 0 : (agentType ?? 0),
                            })
                          }
                        >
                          {isAgent ? t('make_member') : t('make_agent')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <MoreButton
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </Stack>
  );
}
