import { useEffect } from 'react';

/**
 * While a session token is present, calls `onMessage` (keep it stable) when a platform message
 * arrives for the member or for everyone, and after a reconnect. The realtime client loads in
 * its own chunk; this hook is all the first screen carries.
 */
export function useMessagesPush(token: string | null, onMessage: () => void): void {
  useEffect(() => {
    if (!token) return;
    const started = import('../realtime/messages-push').then(
      (chunk) => chunk.startMessagesPush(token, onMessage),
      () => undefined,
    );
    return () => void started.then((stop) => stop?.());
  }, [token, onMessage]);
}
