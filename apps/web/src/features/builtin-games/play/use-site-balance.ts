import { useEffect, useRef } from 'react';
import { isSiteBalanceChangedMessage } from '../../../lib/game-frame-messages';
import { fetchGameBalance } from '../api/play-api';

/** The bar asks for the balance at most this often however many nudges arrive. */
export const SITE_BALANCE_REFRESH_MIN_INTERVAL_MS = 1_000;

export interface SiteBalanceFollower {
  /**
   * Runs a round's call: its own answer brings the balance, shown when its animation ends
   * (`roundShown`); a refused call ends the round at once.
   */
  during<T>(call: () => Promise<T>): Promise<T>;
  /** The round's result is on screen: a nudge that came meanwhile is fetched now. */
  roundShown(): void;
}

/**
 * The game bar follows balance changes made outside the game (a deposit, the lottery, another
 * tab, a game in another window): the framing site nudges on every balance change it learns of
 * (pushes included), and the bar refetches the balance through its game session. While a round
 * is in play the nudge waits, so the bar never shows the result before the animation does.
 */
export function useSiteBalance(
  gameSession: string,
  show: (balance: number) => void,
): SiteBalanceFollower {
  const state = useRef({ inRound: false, waiting: false, lastFetchMs: 0, timer: 0 });
  const showRef = useRef(show);
  showRef.current = show;

  const follower = useRef<SiteBalanceFollower & { nudge(): void }>(null as never);
  if (follower.current === null) {
    const fetchNow = () => {
      state.current.lastFetchMs = Date.now();
      fetchGameBalance(gameSession).then(
        (answer) => {
          if (!state.current.inRound) showRef.current(answer.balance);
        },
        () => undefined,
      );
    };
    const nudge = () => {
      const current = state.current;
      if (current.inRound) {
        current.waiting = true;
        return;
      }
      const waitMs = current.lastFetchMs + SITE_BALANCE_REFRESH_MIN_INTERVAL_MS - Date.now();
      if (waitMs <= 0) fetchNow();
      else if (!current.timer) {
        current.timer = window.setTimeout(() => {
          current.timer = 0;
          nudge();
        }, waitMs);
      }
    };
    follower.current = {
      nudge,
      async during(call) {
        state.current.inRound = true;
        try {
          return await call();
        } catch (error) {
          follower.current.roundShown();
          throw error;
        }
      },
      roundShown() {
        state.current.inRound = false;
        if (state.current.waiting) {
          state.current.waiting = false;
          nudge();
        }
      },
    };
  }

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (isSiteBalanceChangedMessage(event)) follower.current.nudge();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(state.current.timer);
    };
  }, []);
  return follower.current;
}
