import { type AdminPvpRoom, type GameCategory, minorToAmount } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** Most PvP rooms the console lists for one merchant (a few per game; one page). */
export const PVP_ROOMS_LIST_MAX = 500;

export interface NewGameIcon {
  id: string;
  merchantCode: string;
  kind: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  bytes: Buffer;
  createdBy: bigint;
}

export interface NewCatalogueGame {
  merchantCode: string;
  vassalage: string;
  gameCode: string;
  gameType: GameCategory;
  iconUrl: string;
  enabled: boolean;
}

/** The games module's SQL for icons, new games and PvP rooms (its own tables only). */
export function createIconsRoomsRepository(db: Db) {
  const roomQuery = (merchantCode: string) =>
    db
      .selectFrom('pvp_rooms as r')
      .innerJoin('games as g', (join) =>
        join.onRef('g.node_id', '=', 'r.node_id').onRef('g.merchant_code', '=', 'r.merchant_code'),
      )
      .select([
        'r.room_id',
        sql<string>`r.node_id::text`.as('node_id'),
        'g.game_code',
        'r.names',
        'r.min_bet_minor',
        'r.max_bet_minor',
        'r.seats',
        'r.enabled',
      ])
      .where('r.merchant_code', '=', merchantCode);
  type RoomRow = Awaited<ReturnType<ReturnType<typeof roomQuery>['executeTakeFirstOrThrow']>>;
  const toRoom = (row: RoomRow): AdminPvpRoom => ({
    roomId: row.room_id,
    nodeId: row.node_id,
    gameCode: row.game_code,
    names: row.names,
    minBet: minorToAmount(row.min_bet_minor),
    maxBet: minorToAmount(row.max_bet_minor),
    seats: row.seats,
    enabled: row.enabled,
  });

  return {
    async addIcon(icon: NewGameIcon): Promise<void> {
      await db
        .insertInto('game_icons')
        .values({
          id: icon.id,
          merchant_code: icon.merchantCode,
          kind: icon.kind,
          width: icon.width,
          height: icon.height,
          bytes: icon.bytes,
          created_by: icon.createdBy,
        })
        .execute();
    },

    async icon(id: string) {
      return db
        .selectFrom('game_icons')
        .select(['kind', 'bytes'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async iconOfMerchant(merchantCode: string, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('game_icons')
        .select('id')
        .where('id', '=', id)
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return row !== undefined;
    },

    async vendorExists(merchantCode: string, vassalage: string): Promise<boolean> {
      const row = await db
        .selectFrom('game_vendors')
        .select('vassalage')
        .where('merchant_code', '=', merchantCode)
        .where('vassalage', '=', vassalage)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The new game's node id, or undefined when the vendor already lists that code. */
    async insertGame(game: NewCatalogueGame): Promise<string | undefined> {
      const taken = await db
        .selectFrom('games')
        .select('node_id')
        .where('merchant_code', '=', game.merchantCode)
        .where('vassalage', '=', game.vassalage)
        .where('game_code', '=', game.gameCode)
        .executeTakeFirst();
      if (taken) return undefined;
      const row = await db
        .insertInto('games')
        .values({
          merchant_code: game.merchantCode,
          vassalage: game.vassalage,
          game_code: game.gameCode,
          game_type: game.gameType,
          game_classify: null,
          icon_url: game.iconUrl,
          rtp_bp: null,
          enabled: game.enabled,
        })
        .returning(sql<string>`node_id::text`.as('node_id'))
        .executeTakeFirstOrThrow();
      return row.node_id;
    },

    async setIcon(merchantCode: string, nodeId: string, iconUrl: string): Promise<void> {
      await db
        .updateTable('games')
        .set({ icon_url: iconUrl })
        .where('merchant_code', '=', merchantCode)
        .where('node_id', '=', BigInt(nodeId))
        .execute();
    },

    /** Sets the rules per language on the names' rows; a language without a name gets one. */
    async setRules(nodeId: string, rules: Record<string, string>, fallbackName: string) {
      for (const [language, rulesHtml] of Object.entries(rules)) {
        await db
          .insertInto('game_texts')
          .values({ node_id: nodeId, language, name: fallbackName, rules_html: rulesHtml })
          .onConflict((conflict) =>
            conflict.columns(['node_id', 'language']).doUpdateSet({ rules_html: rulesHtml }),
          )
          .execute();
      }
    },

    async rulesOf(nodeId: string): Promise<Record<string, string>> {
      const rows = await db
        .selectFrom('game_texts')
        .select(['language', 'rules_html'])
        .where('node_id', '=', BigInt(nodeId))
        .execute();
      return Object.fromEntries(rows.map((row) => [row.language, row.rules_html]));
    },

    async rooms(merchantCode: string): Promise<AdminPvpRoom[]> {
      const rows = await roomQuery(merchantCode)
        .orderBy('r.node_id')
        .orderBy('r.sort_order')
        .orderBy('r.room_id')
        .limit(PVP_ROOMS_LIST_MAX)
        .execute();
      return rows.map(toRoom);
    },

    /** The room, locked for the rest of the caller's transaction. */
    async roomForUpdate(merchantCode: string, roomId: string): Promise<AdminPvpRoom | undefined> {
      const row = await roomQuery(merchantCode)
        .where('r.room_id', '=', roomId)
        .forUpdate('r')
        .executeTakeFirst();
      return row ? toRoom(row) : undefined;
    },

    async updateRoom(
      merchantCode: string,
      roomId: string,
      room: { minBetMinor: bigint; maxBetMinor: bigint; enabled: boolean },
    ): Promise<void> {
      await db
        .updateTable('pvp_rooms')
        .set({
          min_bet_minor: room.minBetMinor,
          max_bet_minor: room.maxBetMinor,
          enabled: room.enabled,
        })
        .where('merchant_code', '=', merchantCode)
        .where('room_id', '=', roomId)
        .execute();
    },
  };
}
