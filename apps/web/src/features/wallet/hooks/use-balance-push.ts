import { useEffect, useRef } from 'react';

type LoadBalancePush = () => Promise<{ startBalancePush: (onChange: () => void) => () => void }>;

const loadBalancePush: LoadBalancePush = () => import('../realtime/balance-push');

/**
 * While a session token is present, follows the member's balance pushes and calls `onChange`
 * for each (the caller refetches the balance). A new token (another login in this tab)
 * subscribes again, so the socket authenticates as the new member.
 */
export function useBalancePush(
  token: string | null,
  onChange: () => void,
  load: LoadBalancePush = loadBalancePush,
): void {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    load().then(
      ({ startBalancePush }) => {
        if (!cancelled) stop = startBalancePush(() => onChangeRef.current());
      },
      // Without the chunk (offline, a new deployment) the header refreshes as before.
      () => {},
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, load]);
}
