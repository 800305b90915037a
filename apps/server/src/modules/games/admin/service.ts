import type { AdminGame, AdminGameVendor, CursorPage } from '@app/contract';
import type { Db } from '../../../db/database.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { AppError } from '../../../http/app-error.js';
import type { AuditService } from '../../audit/index.js';
import {
  type AdminGamesFilter,
  type CatalogueFlags,
  createGamesAdminRepository,
} from './repository.js';

/** Who acts, as the audit log records them. */
export interface GamesActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
}

export interface GameUpdate extends CatalogueFlags {
  names?: Partial<Record<string, string>>;
}

/**
 * The operator's side of the catalogue: each change and its audit entry in one transaction, then
 * every instance's catalogue caches dropped (NOTIFY, delivered only if the change commits).
 */
export interface GamesAdminService {
  vendors(actor: GamesActor): Promise<{ list: AdminGameVendor[] }>;
  games(
    actor: GamesActor,
    filter: AdminGamesFilter,
    page: { cursor?: string | undefined; limit: number },
  ): Promise<CursorPage<AdminGame>>;
  updateVendor(
    actor: GamesActor,
    vassalage: string,
    flags: CatalogueFlags,
  ): Promise<AdminGameVendor>;
  updateGame(actor: GamesActor, nodeId: string, update: GameUpdate): Promise<AdminGame>;
}

function auditFields(actor: GamesActor) {
  return {
    merchantCode: actor.merchantCode,
    operatorId: actor.operatorId,
    operatorUsername: actor.operatorUsername,
    operatorRole: actor.operatorRole,
    ip: actor.ip,
  };
}

/** Defined values only: a name map from zod may hold keys whose value is undefined. */
function definedNames(names: Partial<Record<string, string>> | undefined): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [language, name] of Object.entries(names ?? {})) {
    if (name !== undefined) defined[language] = name;
  }
  return defined;
}

export function createGamesAdminService(deps: {
  db: Db;
  unitOfWork: UnitOfWork;
  audit: AuditService;
  /** Drops this instance's catalogue caches at once (the NOTIFY reaches the others). */
  forgetCatalogue: () => void;
}): GamesAdminService {
  const { unitOfWork, audit, forgetCatalogue } = deps;
  const reads = createGamesAdminRepository(deps.db);

  return {
    vendors: async (actor) => ({ list: await reads.vendors(actor.merchantCode) }),

    games: (actor, filter, page) => reads.games(actor.merchantCode, filter, page),

    async updateVendor(actor, vassalage, flags) {
      const after = await unitOfWork(async (executor) => {
        const repository = createGamesAdminRepository(executor);
        // Another merchant's vendor answers as one that does not exist.
        if (!(await repository.lockVendor(actor.merchantCode, vassalage))) {
          throw new AppError('NOT_FOUND', { field: 'vassalage' });
        }
        const before = await repository.vendor(actor.merchantCode, vassalage);
        await repository.updateVendor(actor.merchantCode, vassalage, flags);
        const changed = await repository.vendor(actor.merchantCode, vassalage);
        if (!before || !changed) throw new AppError('NOT_FOUND', { field: 'vassalage' });
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'games.vendor.update',
          subjectType: 'game-vendor',
          subjectId: vassalage,
          before,
          after: changed,
        });
        await repository.notifyChanged(actor.merchantCode);
        return changed;
      });
      forgetCatalogue();
      return after;
    },

    async updateGame(actor, nodeId, update) {
      const { names, ...flags } = update;
      const after = await unitOfWork(async (executor) => {
        const repository = createGamesAdminRepository(executor);
        if (!(await repository.lockGame(actor.merchantCode, nodeId))) {
          throw new AppError('NOT_FOUND', { field: 'nodeId' });
        }
        const before = await repository.game(actor.merchantCode, nodeId);
        await repository.updateGame(actor.merchantCode, nodeId, flags);
        await repository.setNames(nodeId, definedNames(names));
        const changed = await repository.game(actor.merchantCode, nodeId);
        if (!before || !changed) throw new AppError('NOT_FOUND', { field: 'nodeId' });
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'games.game.update',
          subjectType: 'game',
          subjectId: nodeId,
          before,
          after: changed,
        });
        await repository.notifyChanged(actor.merchantCode);
        return changed;
      });
      forgetCatalogue();
      return after;
    },
  };
}
