import { useEffect, useRef } from 'react';

/** SPEC §9 infinite scroll: distance 0 (the end of the list in view), throttled to 200 ms. */
export const INFINITE_SCROLL_THROTTLE_MS = 200;

/**
 * Calls `onReach` when the returned element (placed after the list) comes into view, at most
 * once per throttle window, while `enabled`.
 */
export function useInfiniteTrigger<T extends HTMLElement>(
  onReach: () => void,
  enabled: boolean,
  /** Changes when a page arrived: a sentinel still in view then fires again. */
  loadedPages: number,
) {
  const sentinel = useRef<T>(null);
  const lastCallMs = useRef(0);
  const reach = useRef(onReach);
  reach.current = onReach;

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-observe after each page arrived
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      const now = Date.now();
      if (now - lastCallMs.current < INFINITE_SCROLL_THROTTLE_MS) return;
      lastCallMs.current = now;
      reach.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, loadedPages]);

  return sentinel;
}
