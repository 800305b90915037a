import {
  adminLockPlatformOperatorCall,
  adminPlatformOperatorsCall,
  type PlatformOperatorRow,
} from '@app/contract';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { callAdmin } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { usePlatformOperatorTexts } from './platform-texts';

const CreatePlatformOperatorModal = lazy(() => import('./create-platform-operator-modal'));

const PLATFORM_OPERATORS_QUERY_KEY = ['platform-operators'] as const;

type Lock = (row: PlatformOperatorRow) => void;

function columns(t: TFunction, selfId: number, lock: Lock): DataTableColumn<PlatformOperatorRow>[] {
  return [
    { key: 'username', header: t('console:operators.username'), cell: (row) => row.username },
    { key: 'home', header: t('home'), cell: (row) => row.homeMerchantCode },
    {
      key: 'role',
      header: t('console:operators.role'),
      cell: (row) => t(`console:roles.${row.role}`),
    },
    {
      key: 'totp',
      header: t('console:operators.totp'),
      cell: (row) => (
        <Badge variant="light" color={row.totpEnrolled ? 'teal' : 'gray'}>
          {row.totpEnrolled ? t('console:operators.enrolled') : t('console:operators.notEnrolled')}
        </Badge>
      ),
    },
    {
      key: 'lastLogin',
      header: t('console:operators.lastLogin'),
      cell: (row) => (row.lastLoginAtMs === null ? '—' : formatDateTime(row.lastLoginAtMs)),
    },
    {
      key: 'state',
      header: t('console:operators.state'),
      cell: (row) => (
        <Badge variant="light" color={row.locked ? 'red' : 'teal'}>
          {row.locked ? t('locked') : t('console:operators.active')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        row.id === selfId ? null : (
          <Button
            size="xs"
            variant="default"
            onClick={() => lock(row)}
            data-testid="platform-operator-lock"
          >
            {row.locked ? t('unlock') : t('lock')}
          </Button>
        ),
    },
  ];
}

/** The list is one page: a platform team, capped by the server (PLATFORM_OPERATORS_LIST_MAX). */
async function platformOperatorsPage(signal: AbortSignal) {
  const answer = await callAdmin(adminPlatformOperatorsCall, { signal });
  return { items: answer.list, nextCursor: null };
}

/** Shown on the Operators page to a platform operator with the admin role only. */
export default function PlatformOperatorsSection({
  selfId,
  homeMerchantCode,
}: {
  selfId: number;
  homeMerchantCode: string;
}) {
  const { t } = usePlatformOperatorTexts();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PLATFORM_OPERATORS_QUERY_KEY });
  const setLocked = useMutation({
    mutationFn: (body: { operatorId: number; locked: boolean }) =>
      callAdmin(adminLockPlatformOperatorCall, { body }),
    onSuccess: refresh,
  });
  const lock: Lock = (row) => {
    if (!row.locked && !window.confirm(t('lockQuestion', { username: row.username }))) return;
    setLocked.mutate({ operatorId: row.id, locked: !row.locked });
  };
  return (
    <Stack data-testid="platform-operators">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={3}>{t('title')}</Title>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        </Stack>
        <Button onClick={() => setCreating(true)} data-testid="platform-operator-create">
          {t('create')}
        </Button>
      </Group>
      {setLocked.error && <Alert color="red">{errorText(t, setLocked.error)}</Alert>}
      <DataTable
        columns={columns(t, selfId, lock)}
        rowKey={(row) => row.id}
        rowProps={(row) => ({
          'data-testid': 'platform-operator-row',
          'data-username': row.username,
        })}
        queryKey={PLATFORM_OPERATORS_QUERY_KEY}
        fetchPage={(_cursor, signal) => platformOperatorsPage(signal)}
        emptyText={t('empty')}
      />
      {creating && (
        <Suspense fallback={null}>
          <CreatePlatformOperatorModal
            homeMerchantCode={homeMerchantCode}
            onClose={() => setCreating(false)}
            onDone={() => {
              setCreating(false);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
