import type { LoginHistoryItem } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  securityKey,
  signOutOthers,
  signOutSession,
  useActiveSessions,
  useLoginHistory,
} from '../api/security-api';

function when(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

function Place({ item }: { item: LoginHistoryItem }) {
  return (
    <Text size="sm">
      {item.ip ?? '—'}
      {item.country ? ` · ${item.country}` : ''}
    </Text>
  );
}

/** The member's signed-in devices: sign out one, or every one but this. */
export function DevicesSection() {
  const { t, i18n } = useTranslation('security');
  const queryClient = useQueryClient();
  const sessions = useActiveSessions();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: securityKey });
  const one = useMutation({
    mutationFn: signOutSession,
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: (failure) => setError(errorText(t, failure)),
  });
  const others = useMutation({
    mutationFn: signOutOthers,
    onMutate: () => setError(null),
    onSuccess: refresh,
    onError: (failure) => setError(errorText(t, failure)),
  });
  if (!sessions.data) return <Loader size="sm" />;
  const items = sessions.data.items;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{t('devices')}</Text>
        <Button
          variant="light"
          color="red"
          disabled={items.length < 2}
          loading={others.isPending}
          onClick={() => others.mutate()}
        >
          {t('sign_out_others')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table data-testid="devices-table" verticalSpacing="xs">
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.device}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('last_active', { when: when(item.lastSeenAt, i18n.language) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Place item={item} />
                </Table.Td>
                <Table.Td ta="right">
                  {item.state === 'current' ? (
                    <Badge variant="light">{t('this_device')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={one.isPending && one.variables === item.id}
                      onClick={() => one.mutate(item.id)}
                    >
                      {t('sign_out')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}

/** Every login of the member, newest first: time, address, country, device. */
export function HistorySection() {
  const { t, i18n } = useTranslation('security');
  const history = useLoginHistory();
  if (!history.data) return <Loader size="sm" />;
  const items = history.data.pages.flatMap((page) => page.items);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="login-history" striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('time')}</Table.Th>
              <Table.Th>{t('address')}</Table.Th>
              <Table.Th>{t('device')}</Table.Th>
              <Table.Th>{t('state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm">{when(item.loginAt, i18n.language)}</Text>
                </Table.Td>
                <Table.Td>
                  <Place item={item} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.device}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`state_${item.state}`)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {history.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {t('more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
