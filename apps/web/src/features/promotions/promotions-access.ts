/**
 * What the promotion screens need of the session; `app/` passes it in (a feature does not import
 * the session feature). Guests see everything and are asked to log in to act (SPEC §6); trial
 * accounts get the trial warning.
 */
export interface PromotionsAccess {
  isLoggedIn: boolean;
  isTrial: boolean;
  /** Opens the login pop-up. */
  requireLogin: () => void;
  /** Shows the trial account warning ('in_need_true_account'). */
  warnTrial: () => void;
  /** Refreshes the wallet's balance: a claim may pay cash, and no event tells the header. */
  onBalanceChanged: () => void;
  /** Where a promotion's detail lives (`/promoDetail?id=`). */
  detailPath: (id: string) => string;
}
