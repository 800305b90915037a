import { useCallback, useEffect, useRef, useState } from 'react';

/** Rounds one autoplay run plays (merchants allow autoplay or not; the count is fixed here). */
export const AUTOPLAY_ROUNDS = 10;

/**
 * Autoplay of an instant game: plays `playOnce` again after each round has been shown, until the
 * count is done, the player stops it, or a round fails (a refused stake, no balance).
 */
export function useAutoplay(playOnce: () => Promise<boolean>) {
  const [left, setLeft] = useState(0);
  const running = useRef(false);
  const play = useRef(playOnce);
  play.current = playOnce;

  const stop = useCallback(() => {
    running.current = false;
    setLeft(0);
  }, []);

  const start = useCallback(async () => {
    running.current = true;
    for (let remaining = AUTOPLAY_ROUNDS; remaining > 0 && running.current; remaining--) {
      setLeft(remaining);
      const ok = await play.current();
      if (!ok) break;
    }
    running.current = false;
    setLeft(0);
  }, []);

  useEffect(
    () => () => {
      running.current = false;
    },
    [],
  );

  return { left, running: left > 0, start, stop };
}
