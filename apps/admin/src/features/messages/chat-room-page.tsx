import type { AdminChatMessage } from '@app/contract';
import {
  CHAT_LINK_HOSTS_MAX,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatNameMask,
  chatNameMasks,
} from '@app/contract/client';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import {
  chatPages,
  useChatRoomSettings,
  useDeleteChatMessage,
  useHousePost,
  useSaveChatRoom,
} from './chat-api';
import { useMessagesTexts } from './texts';

/** Only moderators who mute someone need the dialog (Modal, NumberInput): its own chunk. */
const ChatMuteModal = lazy(() => import('./chat-mute-modal'));

function RoomSettings({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useMessagesTexts();
  const settings = useChatRoomSettings();
  const save = useSaveChatRoom();
  const [open, setOpen] = useState(true);
  const [nameMask, setNameMask] = useState<ChatNameMask>('partial');
  const [hosts, setHosts] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setOpen(settings.data.open);
    setNameMask(settings.data.nameMask);
    setHosts(settings.data.linkHosts.join(', '));
  }, [settings.data]);
  const linkHosts = hosts
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean)
    .slice(0, CHAT_LINK_HOSTS_MAX);
  return (
    <Paper withBorder p="md" mb="md">
      <Title order={4} mb="sm">
        {t('chat.settings')}
      </Title>
      <Group align="flex-end" grow>
        <Switch
          label={t('chat.open')}
          checked={open}
          disabled={!canConfigure}
          onChange={(event) => setOpen(event.currentTarget.checked)}
        />
        <NativeSelect
          label={t('chat.nameMask')}
          value={nameMask}
          disabled={!canConfigure}
          onChange={(event) => setNameMask(event.currentTarget.value as ChatNameMask)}
          data={chatNameMasks.map((value) => ({ value, label: t(`chat.masks.${value}`) }))}
        />
        <TextInput
          label={t('chat.linkHosts')}
          description={t('chat.linkHostsNote')}
          value={hosts}
          disabled={!canConfigure}
          onChange={(event) => setHosts(event.currentTarget.value)}
        />
      </Group>
      {save.error && (
        <Alert color="red" mt="sm" role="alert">
          {errorText(t, save.error)}
        </Alert>
      )}
      {canConfigure && (
        <Group justify="flex-end" mt="sm">
          <Button
            onClick={() => save.mutate({ open, nameMask, linkHosts })}
            loading={save.isPending}
            data-testid="chat-settings-save"
          >
            {t('chat.save')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function HousePost() {
  const { t } = useMessagesTexts();
  const post = useHousePost();
  const [text, setText] = useState('');
  return (
    <Paper withBorder p="md" mb="md">
      <Stack gap="xs">
        <Textarea
          label={t('chat.housePost')}
          description={t('chat.housePostNote')}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          autosize
          minRows={2}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="chat-house-text"
        />
        {post.error && (
          <Alert color="red" role="alert">
            {errorText(t, post.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            disabled={!text.trim()}
            loading={post.isPending}
            onClick={() => post.mutate(text, { onSuccess: () => setText('') })}
            data-testid="chat-house-send"
          >
            {t('chat.houseSend')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The chat room's moderation: its settings, posts as the house, messages with delete and mute. */
export default function ChatRoomPage() {
  const { t } = useMessagesTexts();
  const can = useCan();
  const canModerate = can('chat:moderate');
  const remove = useDeleteChatMessage();
  const [muting, setMuting] = useState<string | null>(null);
  return (
    <>
      <Title order={2} mb="md">
        {t('chat.title')}
      </Title>
      <RoomSettings canConfigure={can('chat:configure')} />
      {canModerate && <HousePost />}
      <DataTable<AdminChatMessage>
        columns={[
          {
            key: 'author',
            header: t('chat.author'),
            cell: (message) =>
              message.house ? (
                <Badge color="yellow">{t('chat.house')}</Badge>
              ) : (
                <>
                  <Text size="sm" fw={500}>
                    {message.memberAccount}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {message.name}
                  </Text>
                </>
              ),
          },
          {
            key: 'text',
            header: t('chat.text'),
            cell: (message) => (
              <Text
                size="sm"
                td={message.deleted ? 'line-through' : undefined}
                c={message.deleted ? 'dimmed' : undefined}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 420 }}
              >
                {message.text}
              </Text>
            ),
          },
          {
            key: 'sentAt',
            header: t('chat.sentAt'),
            cell: (message) => formatDateTime(message.sentAt),
          },
          {
            key: 'state',
            header: t('chat.state'),
            cell: (message) => (
              <Group gap={4}>
                {message.deleted && (
                  <Badge size="xs" color="red" variant="light">
                    {t('chat.deleted')}
                  </Badge>
                )}
                {message.mutedUntil !== null && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('chat.mutedUntil', { time: formatDateTime(message.mutedUntil) })}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            key: 'actions',
            header: '',
            cell: (message) =>
              canModerate && (
                <Group gap={4} wrap="nowrap">
                  {!message.deleted && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={remove.isPending && remove.variables === message.id}
                      onClick={() => remove.mutate(message.id)}
                      data-testid="chat-delete"
                    >
                      {t('chat.delete')}
                    </Button>
                  )}
                  {message.memberAccount && (
                    <Button
                      size="xs"
                      variant="light"
                      color="orange"
                      onClick={() => setMuting(message.memberAccount)}
                      data-testid="chat-mute"
                    >
                      {t('chat.mute')}
                    </Button>
                  )}
                </Group>
              ),
          },
        ]}
        rowKey={(message) => message.id}
        rowProps={(message) => ({ 'data-testid': 'chat-row', 'data-message-id': message.id })}
        queryKey={chatPages.queryKey}
        fetchPage={chatPages.fetchPage}
        emptyText={t('chat.empty')}
        minWidth={900}
      />
      {muting && (
        <Suspense fallback={null}>
          <ChatMuteModal account={muting} onClose={() => setMuting(null)} />
        </Suspense>
      )}
    </>
  );
}
