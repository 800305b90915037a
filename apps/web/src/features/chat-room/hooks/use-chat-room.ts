import {
  CHAT_ROOM_TOPIC,
  type ChatMessageView,
  type ChatRoomPush,
  type RouteValue,
} from '@app/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { setRealtimeToken, subscribeTopic } from '../../../lib/realtime';
import { fetchChatHistory, fetchChatRoom, postChatMessage } from '../api/chat-api';

/** Pages one catch-up after a reconnect reads at most; beyond that the room reloads whole. */
const CATCH_UP_PAGES_MAX = 10;

type Room = RouteValue<'chatRoom'>;

/** Messages by id, oldest first, each once: pushes and fetches may bring the same message. */
export function mergeMessages(
  current: readonly ChatMessageView[],
  incoming: readonly ChatMessageView[],
): ChatMessageView[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((left, right) =>
    BigInt(left.id) < BigInt(right.id) ? -1 : BigInt(left.id) > BigInt(right.id) ? 1 : 0,
  );
}

/**
 * `current` without the messages an operator deleted: within the id range of `latest` (the
 * server's newest page), a message the server no longer lists is gone; outside it, kept.
 */
export function withoutDeleted(
  current: readonly ChatMessageView[],
  latest: readonly ChatMessageView[],
): ChatMessageView[] {
  const oldest = latest[0]?.id;
  const newest = latest.at(-1)?.id;
  if (oldest === undefined || newest === undefined) return [...current];
  const kept = new Set(latest.map((message) => message.id));
  const outside = (id: bigint) => id < BigInt(oldest) || id > BigInt(newest);
  return current.filter((message) => outside(BigInt(message.id)) || kept.has(message.id));
}

/**
 * The room for one member: its state, the messages (history on open, older on demand, new
 * ones live over the socket), and a catch-up from the last id seen after every reconnect.
 */
export function useChatRoom(token: string) {
  const [room, setRoom] = useState<Room | null>(null);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const messagesRef = useRef<ChatMessageView[]>([]);
  messagesRef.current = messages;

  const apply = useCallback((update: (current: ChatMessageView[]) => ChatMessageView[]) => {
    setMessages((current) => {
      const next = update(current);
      messagesRef.current = next;
      return next;
    });
  }, []);

  const catchUp = useCallback(async () => {
    for (let page = 0; page < CATCH_UP_PAGES_MAX; page += 1) {
      const last = messagesRef.current.at(-1)?.id ?? '0';
      const newer = await fetchChatHistory({ afterId: last });
      apply((current) => mergeMessages(current, newer.messages));
      if (!newer.hasMore) return;
    }
  }, [apply]);

  /**
   * Drops what an operator deleted while the socket was away: within the range of the latest
   * page, a message the server no longer lists is gone.
   */
  const pruneDeleted = useCallback(async () => {
    const latest = await fetchChatRoom();
    setRoom(latest);
    apply((current) => withoutDeleted(current, latest.messages));
  }, [apply]);

  useEffect(() => {
    let active = true;
    setRealtimeToken(token);
    // Subscribed before the room loads: a post in between arrives as a push and is merged.
    const stop = subscribeTopic<ChatRoomPush>(
      CHAT_ROOM_TOPIC,
      (push) => {
        if (push.type === 'posted') apply((current) => mergeMessages(current, [push.message]));
        else apply((current) => current.filter((message) => message.id !== push.id));
      },
      {
        onReconnect: () =>
          void catchUp()
            .then(pruneDeleted)
            .catch(() => undefined),
      },
    );
    fetchChatRoom().then(
      (loaded) => {
        if (!active) return;
        setRoom(loaded);
        setHasOlder(loaded.hasOlder);
        apply((current) => mergeMessages(loaded.messages, current));
      },
      (error: unknown) => active && setFailed(error ?? new Error('chat room')),
    );
    return () => {
      active = false;
      stop();
    };
  }, [token, apply, catchUp, pruneDeleted]);

  const loadOlder = useCallback(async () => {
    const first = messagesRef.current[0]?.id;
    if (!first) return;
    const older = await fetchChatHistory({ beforeId: first });
    setHasOlder(older.hasMore);
    apply((current) => mergeMessages(older.messages, current));
  }, [apply]);

  const post = useCallback(
    async (text: string) => {
      const message = await postChatMessage(text);
      apply((current) => mergeMessages(current, [message]));
    },
    [apply],
  );

  /** A refusal that changes the member's standing (muted) updates the room's state. */
  const refresh = useCallback(() => {
    fetchChatRoom().then(setRoom, () => undefined);
  }, []);

  return { room, messages, hasOlder, failed, loadOlder, post, refresh };
}
