import { MEMBER_BALANCE_TOPIC } from '@app/contract/client';
import { subscribeTopic } from '../../../lib/realtime';

/**
 * Listens to the member's balance topic: `onChange` on every push (the balance moved) and after
 * a reconnect (a push may have been missed). Loaded lazily: the realtime client is not initial JS.
 */
export function startBalancePush(onChange: () => void): () => void {
  return subscribeTopic(MEMBER_BALANCE_TOPIC, onChange, { onReconnect: onChange });
}
