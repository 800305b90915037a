import type { Db } from '../../db/database.js';

/**
 * Launch tokens and their housekeeping. The catalogue (games, vendors, providers, recent games)
 * is the games module's: this module reads it through `GameLookups`.
 */
export function createProvidersRepository(db: Db) {
  return {
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

    /** Housekeeping: launch tokens past their expiry (used or not) and long-idle game sessions. */
    async pruneExpired(tokensBefore: Date, sessionsIdleBefore: Date): Promise<void> {
      await db.deleteFrom('game_launch_tokens').where('expires_at', '<', tokensBefore).execute();
      await db.deleteFrom('game_sessions').where('last_used_at', '<', sessionsIdleBefore).execute();
    },
  };
}

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;
