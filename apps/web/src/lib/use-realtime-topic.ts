import { useEffect, useRef } from 'react';
import { type RealtimeListener, subscribeTopic } from './realtime';

export interface UseRealtimeTopicOptions {
  /** The socket came back after a loss: refetch what may have been missed. */
  onReconnect?: () => void;
}

/**
 * Listens to `topic` while the component is mounted (`null`: not now). The latest callbacks are
 * used without resubscribing, so inline functions are fine. Event data is not validated: the
 * page checks what it reads (a refetch is the source of truth, events are hints).
 */
export function useRealtimeTopic<T = unknown>(
  topic: string | null,
  onEvent: RealtimeListener<T>,
  options: UseRealtimeTopicOptions = {},
): void {
  const onEventRef = useRef(onEvent);
  const onReconnectRef = useRef(options.onReconnect);
  useEffect(() => {
    onEventRef.current = onEvent;
    onReconnectRef.current = options.onReconnect;
  });
  useEffect(() => {
    if (!topic) return;
    return subscribeTopic<T>(topic, (data) => onEventRef.current(data), {
      onReconnect: () => onReconnectRef.current?.(),
    });
  }, [topic]);
}
