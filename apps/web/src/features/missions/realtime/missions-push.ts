import { MEMBER_MISSIONS_TOPIC } from '@app/contract/client';
import { setRealtimeToken, subscribeTopic } from '../../../lib/realtime';

/**
 * Follows the member's missions topic with the session `token`: `onChange` on every push (the
 * progress changed) and after a reconnect (a push may have been missed). The token is left set
 * on stop: the balance push owns it for the signed-in member and clears it on sign-out.
 */
export function startMissionsPush(token: string, onChange: () => void): () => void {
  setRealtimeToken(token);
  return subscribeTopic(MEMBER_MISSIONS_TOPIC, onChange, { onReconnect: onChange });
}
