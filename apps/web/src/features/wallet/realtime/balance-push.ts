import { MEMBER_BALANCE_TOPIC } from '@app/contract/client';
import { setRealtimeToken, subscribeTopic } from '../../../lib/realtime';

/**
 * Listens to the member's balance topic with the session `token`: `onChange` on every push (the
 * balance moved) and after a reconnect (a push may have been missed). Loaded lazily: the
 * realtime client is not in the initial JavaScript.
 */
export function startBalancePush(token: string, onChange: () => void): () => void {
  setRealtimeToken(token);
  const stop = subscribeTopic(MEMBER_BALANCE_TOPIC, onChange, { onReconnect: onChange });
  return () => {
    stop();
    setRealtimeToken(null);
  };
}
