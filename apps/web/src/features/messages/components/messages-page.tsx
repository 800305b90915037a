import type { PlatformMessage } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  Typography,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMessage, messagesKey, readMessage, useMessagePages } from '../api/messages-api';
import { useMessagesTexts } from '../messages-texts';

/** The header's unread count query (content's key; the count is the messages' since issue 21). */
const UNREAD_COUNT_KEY = ['content', 'unread'] as const;

function formatSentAt(ms: number, language: string): string {
  return new Date(ms).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Platform messages (SPEC messageV2): the member's messages, newest first, a page at a time.
 * Opening one marks it read; the header's count follows at once.
 */
export default function MessagesPage() {
  useMessagesTexts();
  const { t, i18n } = useTranslation('messages');
  const queryClient = useQueryClient();
  const pages = useMessagePages();
  const [opened, setOpened] = useState<string | null>(null);
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set());
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<string>>(new Set());
  const setUnread = (value: { unReadCount: number }) =>
    queryClient.setQueriesData({ queryKey: UNREAD_COUNT_KEY }, value);

  const open = (id: string | null) => {
    setOpened(id);
    if (id === null || readIds.has(id)) return;
    const message = pages.data?.pages.flatMap((page) => page.items).find((item) => item.id === id);
    if (!message || message.read) return;
    setReadIds((ids) => new Set(ids).add(id));
    readMessage(id).then(setUnread, () => undefined);
  };

  const remove = (id: string) => {
    setDeletedIds((ids) => new Set(ids).add(id));
    deleteMessage(id).then(
      (value) => {
        setUnread(value);
        void queryClient.invalidateQueries({ queryKey: messagesKey });
      },
      () => undefined,
    );
  };

  if (pages.isPending) return <Loader size="sm" />;
  if (pages.isError) {
    return (
      <Alert color="red" variant="light">
        {errorText(t, pages.error)}
      </Alert>
    );
  }
  const items: PlatformMessage[] = pages.data.pages
    .flatMap((page) => page.items)
    .filter((item) => !deletedIds.has(item.id));
  if (items.length === 0) {
    return (
      <Text c="dimmed" data-testid="messages-empty">
        {t('empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="messages-page">
      <Accordion variant="separated" value={opened} onChange={open}>
        {items.map((item) => {
          const unread = !item.read && !readIds.has(item.id);
          return (
            <Accordion.Item key={item.id} value={item.id} data-testid="message-item">
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text fw={unread ? 700 : 400} lineClamp={1}>
                    {item.title}
                  </Text>
                  <Group gap="xs" wrap="nowrap">
                    {unread && (
                      <Badge size="xs" color="red" variant="filled">
                        {t('unread')}
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatSentAt(item.sentAt, i18n.language)}
                    </Text>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <Typography>
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save and again when served */}
                    <div dangerouslySetInnerHTML={{ __html: item.content }} />
                  </Typography>
                  <Group justify="flex-end">
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(item.id)}>
                      {t('delete')}
                    </Button>
                  </Group>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {pages.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
        >
          {t('more')}
        </Button>
      )}
    </Stack>
  );
}
