import type { SeamlessBody, SeamlessValue } from '@app/contract';
import type { Db } from '../../../db/database.js';
import type { GameLookups } from '../../games/index.js';
import type { LedgerService } from '../../ledger/index.js';
import { placeBet } from './calls/bet.js';
import { rollbackBet } from './calls/rollback.js';
import { roundBreaks } from './calls/round-breaks.js';
import { authenticate, balance, sessionOwner } from './calls/sessions.js';
import { payWin } from './calls/win.js';
import type { RoundBreak } from './repository.js';
import { createWalletParts, type StakeGuard } from './wallet-parts.js';

export { GAME_BET_CODE } from './calls/bet.js';
export { GAME_REFUND_CODE } from './calls/rollback.js';
export { GAME_WIN_CODE } from './calls/win.js';
export {
  GAME_SESSION_CACHE_MAX_ENTRIES,
  GAME_SESSION_CACHE_TTL_MS,
  GAME_SESSION_IDLE_TIMEOUT_MS,
  GAME_SESSION_TOUCH_INTERVAL_MS,
  hashGameSecret,
  houseAccountCode,
  wireMinor,
} from './wallet-parts.js';

/**
 * The seamless wallet, for any provider: builtin providers call it in-process with their
 * vassalage, outside providers through the signed HTTP routes. Every method answers the value
 * of the protocol or throws AppError with its code.
 */
export interface SeamlessWallet {
  authenticate(
    vassalage: string,
    body: SeamlessBody<'authenticate'>,
  ): Promise<SeamlessValue<'authenticate'>>;
  balance(vassalage: string, body: SeamlessBody<'balance'>): Promise<SeamlessValue<'balance'>>;
  bet(vassalage: string, body: SeamlessBody<'bet'>): Promise<SeamlessValue<'bet'>>;
  win(vassalage: string, body: SeamlessBody<'win'>): Promise<SeamlessValue<'win'>>;
  rollback(vassalage: string, body: SeamlessBody<'rollback'>): Promise<SeamlessValue<'rollback'>>;
  /** The merchant and member of a game session, by the session id the provider was given. */
  sessionOwner(sessionId: string): Promise<{ merchantCode: string; memberId: bigint } | undefined>;
  /** Rounds whose sums disagree with the accepted transactions behind them (reconciliation). */
  roundBreaks(): Promise<RoundBreak[]>;
}

/**
 * The seamless wallet on its own repository over `db`; money moves through `ledger`. Each call
 * lives in `calls/`; a money call is one transaction (`money-call.ts`).
 */
export function createSeamlessWallet(
  db: Db,
  deps: {
    ledger: LedgerService;
    catalogue: GameLookups;
    now?: () => number;
    stakeGuard?: StakeGuard | undefined;
  },
): SeamlessWallet {
  const parts = createWalletParts(db, deps);
  return {
    authenticate: (vassalage, body) => authenticate(parts, vassalage, body),
    balance: (vassalage, body) => balance(parts, vassalage, body),
    bet: (vassalage, body) => placeBet(parts, vassalage, body),
    win: (vassalage, body) => payWin(parts, vassalage, body),
    rollback: (vassalage, body) => rollbackBet(parts, vassalage, body),
    sessionOwner: (sessionId) => sessionOwner(parts, sessionId),
    roundBreaks: () => roundBreaks(parts),
  };
}
