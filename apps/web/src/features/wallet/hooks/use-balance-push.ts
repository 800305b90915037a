import { useEffect } from 'react';

/**
 * While a session token is present, follows the member's balance pushes and calls `onChange`
 * (keep it stable: a new one subscribes again) for each, so the caller refetches the balance.
 * A new token (another login in this tab) subscribes again as the new member. Tiny on purpose:
 * it is initial JavaScript, and the realtime client is loaded only for members. Without the
 * chunk (offline, a new deployment) the header refreshes as it did before.
 */
export function useBalancePush(token: string | null, onChange: () => void): void {
  useEffect(() => {
    if (!token) return;
    const started = import('../realtime/balance-push').then(
      (chunk) => chunk.startBalancePush(token, onChange),
      () => undefined,
    );
    return () => void started.then((stop) => stop?.());
  }, [token, onChange]);
}
