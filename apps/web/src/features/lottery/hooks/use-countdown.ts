import { useEffect, useState } from 'react';
import { msUntilNextTick, remainingMs } from '../model/countdown';

/**
 * Milliseconds left until `targetMs` on the server's clock (`offsetMs` = server − browser),
 * re-rendered on every whole second and stopping at zero; null target: null.
 */
export function useCountdown(targetMs: number | null, offsetMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  const remaining = targetMs === null ? null : remainingMs(targetMs, now, offsetMs);
  useEffect(() => {
    if (remaining === null || remaining === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), msUntilNextTick(remaining));
    return () => window.clearTimeout(timer);
  }, [remaining]);
  return remaining;
}
