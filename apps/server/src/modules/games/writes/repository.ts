import type { GameCategory, GameEntryKind } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { foldSearchText } from '../catalogue-rules.js';

export interface NewProvider {
  code: string;
  name: string;
  integration: 'builtin' | 'http';
  walletMode: 'seamless' | 'transfer';
  launchUrl: string;
  apiSecret: string | null;
}

export interface NewVendor {
  merchantCode: string;
  vassalage: string;
  name: string;
  isHot?: boolean;
  isNew?: boolean;
  enabled?: boolean;
  sortOrder?: number;
}

export interface NewGame {
  merchantCode: string;
  vassalage: string;
  gameCode: string;
  gameType: GameCategory;
  gameClassify?: string | null;
  isGame?: GameEntryKind;
  parentNodeId?: number | null;
  minBetMinor?: bigint;
  minLineNum?: number;
  iconUrl: string;
  rtpBp?: number | null;
  isHot?: boolean;
  isNew?: boolean;
  enabled?: boolean;
  sortOrder?: number;
  /** Name and rules (sanitized HTML) per language code. */
  texts: Record<string, { name: string; rulesHtml?: string }>;
}

export interface NewPvpRoom {
  merchantCode: string;
  roomId: string;
  nodeId: number;
  names: Record<string, string>;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  seats: number;
  sortOrder?: number;
}

/**
 * Catalogue writes (seed, tests, later the operator tools), spread into the games repository.
 * Each is idempotent: an existing row is found and kept as it is.
 */
export function createCatalogueWrites(db: Db) {
  return {
    /** Writes (seed, operator tools, tests). A provider is kept as it is once it exists. */
    async ensureProvider(provider: NewProvider): Promise<void> {
      await db
        .insertInto('game_providers')
        .values({
          code: provider.code,
          name: provider.name,
          integration: provider.integration,
          wallet_mode: provider.walletMode,
          launch_url: provider.launchUrl,
          api_secret: provider.apiSecret,
        })
        .onConflict((conflict) => conflict.column('code').doNothing())
        .execute();
    },

    async ensureVendor(vendor: NewVendor): Promise<void> {
      await db
        .insertInto('game_vendors')
        .values({
          merchant_code: vendor.merchantCode,
          vassalage: vendor.vassalage,
          name: vendor.name,
          is_hot: vendor.isHot ?? false,
          is_new: vendor.isNew ?? false,
          enabled: vendor.enabled ?? true,
          sort_order: vendor.sortOrder ?? 0,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'vassalage']).doNothing())
        .execute();
    },

    /** Inserts a game (or finds it by merchant, vendor and code) and writes its texts; its nodeId. */
    async ensureGame(game: NewGame): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('games')
          .values({
            merchant_code: game.merchantCode,
            vassalage: game.vassalage,
            game_code: game.gameCode,
            game_type: game.gameType,
            game_classify: game.gameClassify ?? null,
            is_game: game.isGame ?? 'GAME',
            parent_node_id: game.parentNodeId?.toString() ?? null,
            min_bet_minor: (game.minBetMinor ?? 100n).toString(),
            min_line_num: game.minLineNum ?? 1,
            icon_url: game.iconUrl,
            rtp_bp: game.rtpBp ?? null,
            is_hot: game.isHot ?? false,
            is_new: game.isNew ?? false,
            enabled: game.enabled ?? true,
            sort_order: game.sortOrder ?? 0,
          })
          .onConflict((conflict) =>
            conflict.columns(['merchant_code', 'vassalage', 'game_code']).doNothing(),
          )
          .returning('node_id')
          .executeTakeFirst();
        const nodeId =
          inserted?.node_id ??
          (
            await trx
              .selectFrom('games')
              .select('node_id')
              .where('merchant_code', '=', game.merchantCode)
              .where('vassalage', '=', game.vassalage)
              .where('game_code', '=', game.gameCode)
              .executeTakeFirstOrThrow()
          ).node_id;
        if (inserted) {
          for (const [language, text] of Object.entries(game.texts)) {
            await trx
              .insertInto('game_texts')
              .values({
                node_id: nodeId,
                language,
                name: text.name,
                rules_html: text.rulesHtml ?? '',
                search_name: foldSearchText(text.name),
              })
              .onConflict((conflict) => conflict.columns(['node_id', 'language']).doNothing())
              .execute();
          }
        }
        return Number(nodeId);
      });
    },

    async ensurePvpRoom(room: NewPvpRoom): Promise<void> {
      await db
        .insertInto('pvp_rooms')
        .values({
          merchant_code: room.merchantCode,
          room_id: room.roomId,
          node_id: room.nodeId.toString(),
          names: JSON.stringify(room.names),
          min_bet_minor: room.minBetMinor.toString(),
          max_bet_minor: room.maxBetMinor.toString(),
          seats: room.seats,
          sort_order: room.sortOrder ?? 0,
        })
        .onConflict((conflict) => conflict.columns(['merchant_code', 'room_id']).doNothing())
        .execute();
    },
  };
}
