import type { GameCategory } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** A game provider as launching and its signed calls need it. */
export interface GameProvider {
  code: string;
  integration: 'builtin' | 'http';
  walletMode: 'seamless' | 'transfer';
  launchUrl: string;
  apiSecret: string | null;
  enabled: boolean;
}

/** A game as launching needs it, with its vendor and provider. */
export interface LaunchableGame {
  nodeId: bigint;
  merchantCode: string;
  vassalage: string;
  gameCode: string;
  isGame: 'GAME' | 'VASSALAGE';
  gameEnabled: boolean;
  vendorEnabled: boolean;
  vendorWalletCode: string | null;
  provider: GameProvider;
}

/** A catalogue entry as a game's money calls need it: its node, category and code. */
export interface GameEntry {
  nodeId: bigint;
  merchantCode: string;
  vassalage: string;
  gameCode: string;
  gameType: GameCategory;
}

/** The stakes a pvp room takes on one round, in minor units. */
export interface PvpRoomStakes {
  minBetMinor: bigint;
  maxBetMinor: bigint;
  /** The game the room plays, and whether players may enter it now. */
  nodeId: bigint;
  closed: boolean;
  enabled: boolean;
}

function toEntry(row: {
  node_id: bigint;
  merchant_code: string;
  vassalage: string;
  game_code: string;
  game_type: GameCategory;
}): GameEntry {
  return {
    nodeId: row.node_id,
    merchantCode: row.merchant_code,
    vassalage: row.vassalage,
    gameCode: row.game_code,
    gameType: row.game_type,
  };
}

const entryColumns = ['node_id', 'merchant_code', 'vassalage', 'game_code', 'game_type'] as const;

/**
 * The catalogue as other modules read it by key (launching, the seamless wallet, transfer-mode
 * providers, the lottery), and the recent-games mark a launch leaves.
 */
export function createGameLookupRepository(db: Db) {
  return {
    async launchableGame(
      merchantCode: string,
      nodeId: bigint,
    ): Promise<LaunchableGame | undefined> {
      const row = await db
        .selectFrom('games as g')
        .innerJoin('game_vendors as v', (join) =>
          join
            .onRef('v.merchant_code', '=', 'g.merchant_code')
            .onRef('v.vassalage', '=', 'g.vassalage'),
        )
        .innerJoin('game_providers as p', 'p.code', 'g.vassalage')
        .select([
          'g.node_id',
          'g.merchant_code',
          'g.vassalage',
          'g.game_code',
          'g.is_game',
          'g.enabled as game_enabled',
          'v.enabled as vendor_enabled',
          'v.wallet_code',
          'p.integration',
          'p.wallet_mode',
          'p.launch_url',
          'p.api_secret',
          'p.enabled as provider_enabled',
        ])
        .where('g.node_id', '=', nodeId)
        .where('g.merchant_code', '=', merchantCode)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        nodeId: row.node_id,
        merchantCode: row.merchant_code,
        vassalage: row.vassalage,
        gameCode: row.game_code,
        isGame: row.is_game,
        gameEnabled: row.game_enabled,
        vendorEnabled: row.vendor_enabled,
        vendorWalletCode: row.wallet_code,
        provider: {
          code: row.vassalage,
          integration: row.integration,
          walletMode: row.wallet_mode,
          launchUrl: row.launch_url,
          apiSecret: row.api_secret,
          enabled: row.provider_enabled,
        },
      };
    },

    async provider(code: string): Promise<GameProvider | undefined> {
      const row = await db
        .selectFrom('game_providers')
        .select(['code', 'integration', 'wallet_mode', 'launch_url', 'api_secret', 'enabled'])
        .where('code', '=', code)
        .executeTakeFirst();
      return row
        ? {
            code: row.code,
            integration: row.integration,
            walletMode: row.wallet_mode,
            launchUrl: row.launch_url,
            apiSecret: row.api_secret,
            enabled: row.enabled,
          }
        : undefined;
    },

    /** The transfer-mode provider whose vendor keeps the member's money in `walletCode`. */
    async transferProviderOfWallet(
      merchantCode: string,
      walletCode: string,
    ): Promise<GameProvider | undefined> {
      const row = await db
        .selectFrom('game_vendors as v')
        .innerJoin('game_providers as p', 'p.code', 'v.vassalage')
        .select([
          'p.code',
          'p.integration',
          'p.wallet_mode',
          'p.launch_url',
          'p.api_secret',
          'p.enabled',
        ])
        .where('v.merchant_code', '=', merchantCode)
        .where('v.wallet_code', '=', walletCode)
        .where('p.wallet_mode', '=', 'transfer')
        .orderBy('p.code')
        .executeTakeFirst();
      return row
        ? {
            code: row.code,
            integration: row.integration,
            walletMode: row.wallet_mode,
            launchUrl: row.launch_url,
            apiSecret: row.api_secret,
            enabled: row.enabled,
          }
        : undefined;
    },

    /** A game of the merchant by its provider's code. */
    async gameByCode(
      merchantCode: string,
      vassalage: string,
      gameCode: string,
    ): Promise<GameEntry | undefined> {
      const row = await db
        .selectFrom('games')
        .select(entryColumns)
        .where('merchant_code', '=', merchantCode)
        .where('vassalage', '=', vassalage)
        .where('game_code', '=', gameCode)
        .executeTakeFirst();
      return row ? toEntry(row) : undefined;
    },

    async gameByNode(nodeId: bigint): Promise<GameEntry | undefined> {
      const row = await db
        .selectFrom('games')
        .select(entryColumns)
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
      return row ? toEntry(row) : undefined;
    },

    async recordRecentGame(memberId: bigint, nodeId: bigint): Promise<void> {
      await db
        .insertInto('member_recent_games')
        .values({ member_id: memberId.toString(), node_id: nodeId.toString() })
        .onConflict((conflict) =>
          conflict.columns(['member_id', 'node_id']).doUpdateSet({
            played_at: sql`now()`,
            launches: sql`member_recent_games.launches + 1`,
          }),
        )
        .execute();
    },

    /** A pvp room's stake limits (minor units); undefined when the merchant has no such room. */
    async pvpRoomStakes(merchantCode: string, roomId: string): Promise<PvpRoomStakes | undefined> {
      const row = await db
        .selectFrom('pvp_rooms')
        .select(['min_bet_minor', 'max_bet_minor', 'node_id', 'closed', 'enabled'])
        .where('merchant_code', '=', merchantCode)
        .where('room_id', '=', roomId)
        .executeTakeFirst();
      return (
        row && {
          minBetMinor: row.min_bet_minor,
          maxBetMinor: row.max_bet_minor,
          nodeId: row.node_id,
          closed: row.closed,
          enabled: row.enabled,
        }
      );
    },
  };
}

export type GameLookupRepository = ReturnType<typeof createGameLookupRepository>;
