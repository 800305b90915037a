import type { ChatMessageView } from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Popover,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatTexts } from '../chat-texts';
import { useChatRoom } from '../hooks/use-chat-room';
import { ChatText } from './chat-text';

/** The panel's size, small or large (SPEC §2 "large/small"), in pixels. */
const PANEL_SIZES = {
  small: { width: 360, height: 480 },
  large: { width: 560, height: 680 },
} as const;
/** At or below this width the panel takes the whole width of the screen. */
const PHONE_MAX_WIDTH_PX = 600;
/** Distance from the bottom within which a new message keeps the list scrolled to the end. */
const STICK_TO_BOTTOM_PX = 80;
/** Above the page and the side bars, below Mantine's modals (200). */
const PANEL_Z_INDEX = 150;
/** The emoji the picker offers: the common reactions of a chat, nothing to download. */
const EMOJI = [
  '😀',
  '😂',
  '😍',
  '😎',
  '🤔',
  '😢',
  '😡',
  '👍',
  '👎',
  '👏',
  '🙏',
  '🔥',
  '🎉',
  '💰',
  '🍀',
  '⚽',
  '🎰',
  '🃏',
  '❤️',
  '✅',
] as const;

function timeOf(ms: number, language: string): string {
  return new Date(ms).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}

function MessageLine({
  message,
  linkHosts,
  language,
}: {
  message: ChatMessageView;
  linkHosts: readonly string[];
  language: string;
}) {
  const { t } = useTranslation('messages');
  return (
    <Box data-testid="chat-message" data-message-id={message.id}>
      <Group gap={6} wrap="nowrap">
        {message.house ? (
          <Badge size="sm" color="yellow" variant="filled">
            {t('house')}
          </Badge>
        ) : (
          <Text size="sm" fw={700} data-testid="chat-author">
            {message.name}
          </Text>
        )}
        {message.rankLabel && (
          <Badge size="xs" variant="light">
            {message.rankLabel}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {timeOf(message.sentAt, language)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <ChatText text={message.text} linkHosts={linkHosts} />
      </Text>
    </Box>
  );
}

function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation('messages');
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('emoji')}
          onClick={() => setOpened((value) => !value)}
        >
          <span aria-hidden="true">😀</span>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={5} spacing={4}>
          {EMOJI.map((emoji) => (
            <UnstyledButton
              key={emoji}
              onClick={() => {
                onPick(emoji);
                setOpened(false);
              }}
              style={{ fontSize: 20, lineHeight: '28px', textAlign: 'center' }}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The chat room (SPEC §2, §4): a panel over the page, small or large, live over the socket. */
export default function ChatRoomPanel({ token, onClose }: { token: string; onClose: () => void }) {
  useChatTexts();
  const { t, i18n } = useTranslation('messages');
  const { t: tl } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const { t: ta } = useTranslation('access');
  const isPhone = useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH_PX}px)`);
  const [size, setSize] = useState<keyof typeof PANEL_SIZES>('small');
  const { room, messages, hasOlder, failed, loadOlder, post, refresh } = useChatRoom(token);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the list changes.
  useEffect(() => {
    const element = viewport.current;
    if (element && nearBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages]);

  const onScroll = ({ y }: { x: number; y: number }) => {
    const element = viewport.current;
    if (!element) return;
    nearBottom.current = element.scrollHeight - element.clientHeight - y < STICK_TO_BOTTOM_PX;
    if (y === 0 && hasOlder && !loadingOlder) {
      const before = element.scrollHeight;
      setLoadingOlder(true);
      loadOlder()
        .then(() => {
          // Keep the first message that was visible where it was.
          requestAnimationFrame(() => {
            element.scrollTop = element.scrollHeight - before;
          });
        })
        .catch(() => undefined)
        .finally(() => setLoadingOlder(false));
    }
  };

  const send = async () => {
    const text = draft.trim();
    if (!text || !room) return;
    setSending(true);
    setError(null);
    try {
      await post(text);
      setDraft('');
      nearBottom.current = true;
    } catch (failure) {
      if (isApiError(failure) && failure.errorCode === 'CHAT_MUTED') refresh();
      setError(
        isApiError(failure) && failure.details?.untilMs !== undefined
          ? t('muted', { time: new Date(failure.details.untilMs).toLocaleString(i18n.language) })
          : errorText(t, failure),
      );
    } finally {
      setSending(false);
    }
  };

  const { width, height } = PANEL_SIZES[size];
  return (
    <Paper
      shadow="xl"
      radius="md"
      withBorder
      role="dialog"
      aria-label={tl('chat_room')}
      data-testid="chat-room"
      style={{
        position: 'fixed',
        right: isPhone ? 0 : 16,
        bottom: isPhone ? 0 : 16,
        width: isPhone ? '100%' : width,
        height: isPhone ? '70vh' : height,
        zIndex: PANEL_Z_INDEX,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Group justify="space-between" px="md" py="xs" bg="var(--mantine-color-default-hover)">
        <Text fw={700}>{tl('chat_room')}</Text>
        <Group gap={4}>
          {!isPhone && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setSize(size === 'small' ? 'large' : 'small')}
            >
              {size === 'small' ? t('larger') : t('smaller')}
            </Button>
          )}
          <CloseButton aria-label={tc('close')} onClick={onClose} />
        </Group>
      </Group>
      <ScrollArea
        style={{ flex: 1 }}
        viewportRef={viewport}
        onScrollPositionChange={onScroll}
        px="md"
        py="xs"
      >
        {failed !== null && (
          <Alert color="red" variant="light">
            {errorText(t, failed)}
          </Alert>
        )}
        {!room && failed === null && <Loader size="sm" />}
        {loadingOlder && <Loader size="xs" mx="auto" display="block" />}
        {room && messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" mt="md">
            {t('chat_empty')}
          </Text>
        )}
        <Stack gap="sm" data-testid="chat-messages">
          {messages.map((message) => (
            <MessageLine
              key={message.id}
              message={message}
              linkHosts={room?.linkHosts ?? []}
              language={i18n.language}
            />
          ))}
        </Stack>
      </ScrollArea>
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {room?.trial && (
          <Alert color="yellow" variant="light" data-testid="chat-trial-warning">
            {ta('in_need_true_account')}
          </Alert>
        )}
        {room && !room.trial && !room.open && (
          <Alert color="gray" variant="light">
            {t('errors:CHAT_ROOM_CLOSED')}
          </Alert>
        )}
        {room?.canPost && (
          <Stack gap={4}>
            <Group gap={4} align="flex-end" wrap="nowrap">
              <EmojiPicker onPick={(emoji) => setDraft((text) => text + emoji)} />
              <Textarea
                style={{ flex: 1 }}
                autosize
                minRows={1}
                maxRows={3}
                value={draft}
                maxLength={room.messageMaxLength}
                placeholder={t('placeholder')}
                aria-label={t('placeholder')}
                onChange={(event) => setDraft(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    void send();
                  }
                }}
              />
              <Button onClick={() => void send()} loading={sending} disabled={!draft.trim()}>
                {t('send')}
              </Button>
            </Group>
          </Stack>
        )}
        {room && !room.trial && room.open && room.mutedUntil !== null && !error && (
          <Alert color="orange" variant="light">
            {t('muted', { time: new Date(room.mutedUntil).toLocaleString(i18n.language) })}
          </Alert>
        )}
        {error && (
          <Text size="sm" c="red" mt={4} role="alert" data-testid="chat-error">
            {error}
          </Text>
        )}
      </Box>
    </Paper>
  );
}
