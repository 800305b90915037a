import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

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

export interface GameProvider {
  code: string;
  integration: 'builtin' | 'http';
  walletMode: 'seamless' | 'transfer';
  launchUrl: string;
  apiSecret: string | null;
  enabled: boolean;
}

/**
 * The games tables as launching reads them (games, game_vendors, game_providers), launch tokens
 * and recent games. Read directly, not through the catalogue module, which is built beside this.
 */
export function createProvidersRepository(db: Db) {
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
        .where('g.node_id', '=', nodeId.toString())
        .where('g.merchant_code', '=', merchantCode)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        nodeId: BigInt(row.node_id),
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

    async insertLaunchToken(token: {
      tokenHash: string;
      merchantCode: string;
      memberId: bigint;
      nodeId: bigint;
      vassalage: string;
      roomId: string | null;
      language: string;
      currency: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('game_launch_tokens')
        .values({
          token_hash: token.tokenHash,
          merchant_code: token.merchantCode,
          member_id: token.memberId.toString(),
          node_id: token.nodeId.toString(),
          vassalage: token.vassalage,
          room_id: token.roomId,
          language: token.language,
          currency: token.currency,
          expires_at: token.expiresAt,
        })
        .execute();
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

    /** Housekeeping: launch tokens past their expiry (used or not) and long-idle game sessions. */
    async pruneExpired(tokensBefore: Date, sessionsIdleBefore: Date): Promise<void> {
      await db.deleteFrom('game_launch_tokens').where('expires_at', '<', tokensBefore).execute();
      await db.deleteFrom('game_sessions').where('last_used_at', '<', sessionsIdleBefore).execute();
    },
  };
}

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;
