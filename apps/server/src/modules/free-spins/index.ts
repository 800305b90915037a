import type { Db } from '../../db/database.js';
import type { BuiltinGamesService } from '../builtin-games/index.js';
import type { LedgerService } from '../ledger/index.js';
import { createFreeSpinsRepository } from './repository.js';
import { createFreeSpinsService, type GrantBonusWithin } from './service.js';

/**
 * Free spins (docs/free-spins.md): grants of spins on a built-in slot, delivered by the point
 * mall, promotions or an operator, played in the slot without taking cash, wins credited as
 * bonus money with wagering.
 */
export type { FreeSpinSourceKind } from './repository.js';
export { registerFreeSpinsRoutes } from './routes.js';
export {
  FREE_SPIN_BET_CODE,
  FREE_SPIN_BONUS_VALID_MS,
  FREE_SPIN_WIN_CODE,
  FREE_SPINS_ACCOUNT,
  FREE_SPINS_PER_GRANT_MAX,
  type FreeSpinGrantInput,
  type FreeSpinsService,
  type GrantBonusWithin,
} from './service.js';

export function createFreeSpins(
  db: Db,
  deps: {
    builtinGames: Pick<BuiltinGamesService, 'sessionOwner' | 'playFunded' | 'replayRound'>;
    ledger: Pick<LedgerService, 'systemAccount'>;
    grantBonusWithin: GrantBonusWithin;
    now?: () => number;
  },
) {
  return createFreeSpinsService({ repository: createFreeSpinsRepository(db), ...deps });
}
