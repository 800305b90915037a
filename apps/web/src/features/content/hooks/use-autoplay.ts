import { useEffect, useState } from 'react';

/** SPEC §9: carousels move every 5000 ms. */
export const AUTOPLAY_MS = 5000;

/**
 * The current slide of a carousel: moves on after `intervalMs` while there are two or more
 * slides and nothing pauses it; choosing a slide starts the wait again.
 */
export function useAutoplay(count: number, paused: boolean, intervalMs = AUTOPLAY_MS) {
  const [index, setIndex] = useState(0);
  const current = count === 0 ? 0 : index % count;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setTimeout(() => setIndex((current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [current, count, paused, intervalMs]);
  return { index: current, go: setIndex };
}
