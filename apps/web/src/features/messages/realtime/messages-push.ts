import { MEMBER_MESSAGES_TOPIC, MESSAGES_BROADCAST_TOPIC } from '@app/contract/client';
import { setRealtimeToken, subscribeTopic } from '../../../lib/realtime';

/**
 * Follows the member's own messages topic and the broadcast topic with the session `token`:
 * `onMessage` on every push and after a reconnect (a push may have been missed).
 */
export function startMessagesPush(token: string, onMessage: () => void): () => void {
  setRealtimeToken(token);
  const stops = [MEMBER_MESSAGES_TOPIC, MESSAGES_BROADCAST_TOPIC].map((topic) =>
    subscribeTopic(topic, onMessage, { onReconnect: onMessage }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
