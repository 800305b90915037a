import { randomUUID } from 'node:crypto';
import {
  type AdminGame,
  type AdminGameVendor,
  type AdminPvpRoom,
  amountToMinor,
  type CursorPage,
  GAME_ICON_MAX_BYTES,
  GAME_ICON_PATH_PREFIX,
  type GameCategory,
} from '@app/contract';
import type { Db } from '../../../db/database.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { AppError } from '../../../http/app-error.js';
import type { AuditService } from '../../audit/index.js';
import { checkedBannerImage, sanitizeOperatorHtml } from '../../content/index.js';
import { createIconsRoomsRepository } from './icons-rooms.repository.js';
import {
  type AdminGamesFilter,
  type CatalogueFlags,
  createGamesAdminRepository,
  type StoredGame,
} from './repository.js';

/** Who acts, as the audit log records them. */
export interface GamesActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
  /** The languages the merchant offers (a game without a name in one is marked missing). */
  languages: readonly string[];
}

/** The game with the merchant's languages it has no name in. */
function withMissingLanguages(game: StoredGame, languages: readonly string[]): AdminGame {
  return { ...game, missingLanguages: languages.filter((language) => !game.names[language]) };
}

export interface GameUpdate extends CatalogueFlags {
  names?: Partial<Record<string, string>>;
  iconUrl?: string;
  rules?: Partial<Record<string, string>>;
}

export interface NewGameInput {
  vassalage: string;
  gameCode: string;
  gameType: GameCategory;
  names: Partial<Record<string, string>>;
  iconUrl: string;
  enabled: boolean;
}

export interface PvpRoomUpdate {
  minBet: number;
  maxBet: number;
  enabled: boolean;
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
  /** Checks and re-encodes an icon like a banner image and stores it for the merchant. */
  uploadIcon(
    actor: GamesActor,
    base64: string,
  ): Promise<{ iconUrl: string; width: number; height: number }>;
  /** A stored icon for the public route (every merchant's: the id is unguessable). */
  icon(id: string): Promise<{ kind: 'png' | 'jpeg' | 'webp'; bytes: Buffer } | undefined>;
  createGame(actor: GamesActor, input: NewGameInput): Promise<AdminGame>;
  pvpRooms(actor: GamesActor): Promise<{ list: AdminPvpRoom[] }>;
  updatePvpRoom(actor: GamesActor, roomId: string, update: PvpRoomUpdate): Promise<AdminPvpRoom>;
}

function iconInvalid(): AppError {
  return new AppError('CONTENT_IMAGE_INVALID', { field: 'imageBase64' });
}

/** The icon's id when the address is one of this merchant's uploads, else NOT_FOUND. */
async function ownIconId(
  icons: ReturnType<typeof createIconsRoomsRepository>,
  merchantCode: string,
  iconUrl: string,
): Promise<void> {
  const id = iconUrl.slice(GAME_ICON_PATH_PREFIX.length);
  if (
    !iconUrl.startsWith(GAME_ICON_PATH_PREFIX) ||
    !(await icons.iconOfMerchant(merchantCode, id))
  ) {
    throw new AppError('NOT_FOUND', { field: 'iconUrl' });
  }
}

/** Rules sanitized on write, as the content pages' HTML is (the lobby renders them as HTML). */
function sanitizedRules(
  rules: Partial<Record<string, string>> | undefined,
): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [language, html] of Object.entries(rules ?? {})) {
    if (html !== undefined) clean[language] = sanitizeOperatorHtml(html);
  }
  return clean;
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

    async games(actor, filter, page) {
      const stored = await reads.games(actor.merchantCode, filter, page);
      return {
        items: stored.items.map((game) => withMissingLanguages(game, actor.languages)),
        nextCursor: stored.nextCursor,
      };
    },

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
      const { names, iconUrl, rules, ...flags } = update;
      const after = await unitOfWork(async (executor) => {
        const repository = createGamesAdminRepository(executor);
        const icons = createIconsRoomsRepository(executor);
        if (!(await repository.lockGame(actor.merchantCode, nodeId))) {
          throw new AppError('NOT_FOUND', { field: 'nodeId' });
        }
        const before = await repository.game(actor.merchantCode, nodeId);
        const rulesBefore = await icons.rulesOf(nodeId);
        await repository.updateGame(actor.merchantCode, nodeId, flags);
        await repository.setNames(nodeId, definedNames(names));
        if (iconUrl !== undefined) {
          await ownIconId(icons, actor.merchantCode, iconUrl);
          await icons.setIcon(actor.merchantCode, nodeId, iconUrl);
        }
        const cleanRules = sanitizedRules(rules);
        await icons.setRules(nodeId, cleanRules, before?.gameCode ?? nodeId);
        const changed = await repository.game(actor.merchantCode, nodeId);
        if (!before || !changed) throw new AppError('NOT_FOUND', { field: 'nodeId' });
        const rulesChanged = Object.keys(cleanRules).length > 0;
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'games.game.update',
          subjectType: 'game',
          subjectId: nodeId,
          before: rulesChanged ? { ...before, rules: rulesBefore } : before,
          after: rulesChanged ? { ...changed, rules: await icons.rulesOf(nodeId) } : changed,
        });
        await repository.notifyChanged(actor.merchantCode);
        return changed;
      });
      forgetCatalogue();
      return withMissingLanguages(after, actor.languages);
    },

    async uploadIcon(actor, base64) {
      if (Buffer.byteLength(base64, 'base64') > GAME_ICON_MAX_BYTES) throw iconInvalid();
      const image = await checkedBannerImage(base64);
      const id = randomUUID();
      const iconUrl = `${GAME_ICON_PATH_PREFIX}${id}`;
      await unitOfWork(async (executor) => {
        await createIconsRoomsRepository(executor).addIcon({
          id,
          merchantCode: actor.merchantCode,
          kind: image.kind,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          createdBy: actor.operatorId,
        });
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'games.icon.upload',
          subjectType: 'game-icon',
          subjectId: id,
          before: null,
          after: { iconUrl, kind: image.kind, width: image.width, height: image.height },
        });
      });
      return { iconUrl, width: image.width, height: image.height };
    },

    icon: (id) => createIconsRoomsRepository(deps.db).icon(id),

    async createGame(actor, input) {
      const created = await unitOfWork(async (executor) => {
        const icons = createIconsRoomsRepository(executor);
        const repository = createGamesAdminRepository(executor);
        // Another merchant's vendor answers as one that does not exist.
        if (!(await repository.lockVendor(actor.merchantCode, input.vassalage))) {
          throw new AppError('NOT_FOUND', { field: 'vassalage' });
        }
        await ownIconId(icons, actor.merchantCode, input.iconUrl);
        const nodeId = await icons.insertGame({
          merchantCode: actor.merchantCode,
          vassalage: input.vassalage,
          gameCode: input.gameCode,
          gameType: input.gameType,
          iconUrl: input.iconUrl,
          enabled: input.enabled,
        });
        if (!nodeId) throw new AppError('GAME_CODE_TAKEN', { field: 'gameCode' });
        await repository.setNames(nodeId, definedNames(input.names));
        const game = await repository.game(actor.merchantCode, nodeId);
        if (!game) throw new Error(`game ${nodeId} was not stored`);
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'games.game.create',
          subjectType: 'game',
          subjectId: nodeId,
          before: null,
          after: game,
        });
        await repository.notifyChanged(actor.merchantCode);
        return game;
      });
      forgetCatalogue();
      return withMissingLanguages(created, actor.languages);
    },

    pvpRooms: async (actor) => ({
      list: await createIconsRoomsRepository(deps.db).rooms(actor.merchantCode),
    }),

    async updatePvpRoom(actor, roomId, update) {
      const minBetMinor = amountToMinor(update.minBet);
      const maxBetMinor = amountToMinor(update.maxBet);
      if (minBetMinor > maxBetMinor) throw new AppError('VALIDATION_FAILED', { field: 'minBet' });
      const after = await unitOfWork(async (executor) => {
        const rooms = createIconsRoomsRepository(executor);
        const before = await rooms.roomForUpdate(actor.merchantCode, roomId);
        if (!before) throw new AppError('NOT_FOUND', { field: 'roomId' });
        await rooms.updateRoom(actor.merchantCode, roomId, {
          minBetMinor,
          maxBetMinor,
          enabled: update.enabled,
        });
        const changed = await rooms.roomForUpdate(actor.merchantCode, roomId);
        if (!changed) throw new AppError('NOT_FOUND', { field: 'roomId' });
        await audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'games.room.update',
          subjectType: 'pvp-room',
          subjectId: roomId,
          before,
          after: changed,
        });
        await createGamesAdminRepository(executor).notifyChanged(actor.merchantCode);
        return changed;
      });
      forgetCatalogue();
      return after;
    },
  };
}
