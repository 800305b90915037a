import {
  adminOperatorsCall,
  adminUpdateOperatorCall,
  type CallBody,
  type CallValue,
  type OperatorRole,
  operatorRoles,
} from '@app/contract';
import { Alert, Badge, Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { callAdmin } from '../../lib/api-client';
import { useConsoleSession } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { CreateOperatorModal } from './create-operator-modal';

/** Only a platform admin sees it, so it loads with its own chunk when shown. */
const PlatformOperatorsSection = lazy(() => import('./platform-operators-section'));

type OperatorChange = CallBody<typeof adminUpdateOperatorCall>;
const OPERATORS_QUERY_KEY = ['operators'] as const;

function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OperatorChange) => callAdmin(adminUpdateOperatorCall, { body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY }),
  });
}

type OperatorRow = CallValue<typeof adminOperatorsCall>['list'][number];
type Change = (
  operatorId: number,
  fields: Omit<OperatorChange, 'operatorId'>,
  question?: string,
) => void;

function OperatorActions({ row, change }: { row: OperatorRow; change: Change }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() =>
          change(
            row.id,
            { disabled: !row.disabled },
            row.disabled ? undefined : t('operators.disableQuestion', { username: row.username }),
          )
        }
      >
        {row.disabled ? t('operators.enable') : t('operators.disable')}
      </Button>
      {row.totpEnrolled && (
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            change(
              row.id,
              { resetTotp: true },
              t('operators.resetTotpQuestion', { username: row.username }),
            )
          }
        >
          {t('operators.resetTotp')}
        </Button>
      )}
    </Group>
  );
}

function operatorColumns(
  t: TFunction,
  selfId: number | undefined,
  busy: boolean,
  change: Change,
): DataTableColumn<OperatorRow>[] {
  return [
    { key: 'username', header: t('operators.username'), cell: (row) => row.username },
    {
      key: 'role',
      header: t('operators.role'),
      cell: (row) => (
        <NativeSelect
          aria-label={t('operators.role')}
          value={row.role}
          disabled={row.id === selfId || busy}
          data={operatorRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          onChange={(event) => change(row.id, { role: event.currentTarget.value as OperatorRole })}
          size="xs"
        />
      ),
    },
    {
      key: 'totp',
      header: t('operators.totp'),
      cell: (row) => (
        <Badge variant="light" color={row.totpEnrolled ? 'teal' : 'gray'}>
          {row.totpEnrolled ? t('operators.enrolled') : t('operators.notEnrolled')}
        </Badge>
      ),
    },
    {
      key: 'lastLogin',
      header: t('operators.lastLogin'),
      cell: (row) => (row.lastLoginAtMs === null ? '—' : formatDateTime(row.lastLoginAtMs)),
    },
    {
      key: 'state',
      header: t('operators.state'),
      cell: (row) => (
        <Badge variant="light" color={row.disabled ? 'red' : 'teal'}>
          {row.disabled ? t('operators.disabled') : t('operators.active')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) => (row.id === selfId ? null : <OperatorActions row={row} change={change} />),
    },
  ];
}

/** The list is one page: a console team, capped by the server (OPERATORS_LIST_MAX). */
async function operatorsPage(signal: AbortSignal) {
  const answer = await callAdmin(adminOperatorsCall, { signal });
  return { items: answer.list, nextCursor: null };
}

export default function OperatorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: session } = useConsoleSession();
  const [creating, setCreating] = useState(false);
  const update = useUpdateOperator();
  const change: Change = (operatorId, fields, question) => {
    if (question && !window.confirm(question)) return;
    update.mutate({ operatorId, ...fields } as OperatorChange);
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('operators.title')}</Title>
        <Button onClick={() => setCreating(true)} data-testid="operator-create">
          {t('operators.create')}
        </Button>
      </Group>
      {update.error && <Alert color="red">{errorText(t, update.error)}</Alert>}
      <DataTable
        columns={operatorColumns(t, session?.operator.id, update.isPending, change)}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'operator-row', 'data-username': row.username })}
        queryKey={OPERATORS_QUERY_KEY}
        fetchPage={(_cursor, signal) => operatorsPage(signal)}
        emptyText={t('operators.empty')}
      />
      {creating && (
        <CreateOperatorModal
          onClose={() => setCreating(false)}
          onDone={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY });
          }}
        />
      )}
      {session?.operator.kind === 'platform' && session.operator.role === 'admin' && (
        <Suspense fallback={null}>
          <PlatformOperatorsSection
            selfId={session.operator.id}
            homeMerchantCode={session.operator.homeMerchantCode}
          />
        </Suspense>
      )}
    </Stack>
  );
}
