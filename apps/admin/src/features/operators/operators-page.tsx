import {
  adminOperatorsCall,
  adminUpdateOperatorCall,
  type CallBody,
  type OperatorRole,
  operatorRoles,
} from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callAdmin } from '../../lib/api-client';
import { useConsoleSession } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { CreateOperatorModal } from './create-operator-modal';

type OperatorChange = CallBody<typeof adminUpdateOperatorCall>;
const OPERATORS_QUERY_KEY = ['operators'] as const;

function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OperatorChange) => callAdmin(adminUpdateOperatorCall, { body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY }),
  });
}

export default function OperatorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: session } = useConsoleSession();
  const [creating, setCreating] = useState(false);
  const operators = useQuery({
    queryKey: OPERATORS_QUERY_KEY,
    queryFn: ({ signal }) => callAdmin(adminOperatorsCall, { signal }),
  });
  const update = useUpdateOperator();
  const change = (
    operatorId: number,
    fields: Omit<OperatorChange, 'operatorId'>,
    question?: string,
  ) => {
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
      {(operators.error || update.error) && (
        <Alert color="red">{errorText(t, operators.error ?? update.error)}</Alert>
      )}
      {operators.data && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operators.username')}</Table.Th>
                <Table.Th>{t('operators.role')}</Table.Th>
                <Table.Th>{t('operators.totp')}</Table.Th>
                <Table.Th>{t('operators.lastLogin')}</Table.Th>
                <Table.Th>{t('operators.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {operators.data.list.map((row) => {
                const self = row.id === session?.operator.id;
                return (
                  <Table.Tr key={row.id} data-testid="operator-row" data-username={row.username}>
                    <Table.Td>{row.username}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t('operators.role')}
                        value={row.role}
                        disabled={self || update.isPending}
                        data={operatorRoles.map((role) => ({
                          value: role,
                          label: t(`roles.${role}`),
                        }))}
                        onChange={(event) =>
                          change(row.id, { role: event.currentTarget.value as OperatorRole })
                        }
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={row.totpEnrolled ? 'teal' : 'gray'}>
                        {row.totpEnrolled ? t('operators.enrolled') : t('operators.notEnrolled')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {row.lastLoginAtMs === null ? '—' : formatDateTime(row.lastLoginAtMs)}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={row.disabled ? 'red' : 'teal'}>
                        {row.disabled ? t('operators.disabled') : t('operators.active')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {!self && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() =>
                              change(
                                row.id,
                                { disabled: !row.disabled },
                                row.disabled
                                  ? undefined
                                  : t('operators.disableQuestion', { username: row.username }),
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
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {operators.data?.list.length === 0 && <Text c="dimmed">{t('operators.empty')}</Text>}
      {creating && (
        <CreateOperatorModal
          onClose={() => setCreating(false)}
          onDone={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY });
          }}
        />
      )}
    </Stack>
  );
}
