import { createContext, use } from 'react';

/**
 * What the lottery pages need of the session and the wallet; `app/` provides it (a feature does
 * not import another). `username` keys the favourites (SPEC §3: per username).
 */
export interface LotteryAccess {
  isLoggedIn: boolean;
  username: string | null;
  /** SPEC §4 login requirement: opens the login pop-up. */
  requireLogin: () => void;
  /** Money moved (a slip placed, a bet cancelled, a draw settled): refresh the balance. */
  onBalanceChanged: () => void;
}

const LotteryAccessContext = createContext<LotteryAccess>({
  isLoggedIn: false,
  username: null,
  requireLogin: () => {},
  onBalanceChanged: () => {},
});

export const LotteryAccessProvider = LotteryAccessContext.Provider;

export function useLotteryAccess(): LotteryAccess {
  return use(LotteryAccessContext);
}
