import type { Db } from '../../../db/database.js';

/** The play shell's game session: ties the page's token to a seamless-wallet session. */
export interface BuiltinGameSession {
  tokenHash: string;
  walletSessionId: string;
  merchantCode: string;
  memberId: bigint;
  nodeId: bigint;
  gameCode: string;
  currency: string;
  language: string;
  lastUsedAt: Date;
}

/** The play shell's game sessions (the names they show come from the games module). */
export function createBuiltinSessionRepository(db: Db) {
  return {
    async insertSession(session: Omit<BuiltinGameSession, 'lastUsedAt'>): Promise<void> {
      await db
        .insertInto('builtin_game_sessions')
        .values({
          token_hash: session.tokenHash,
          wallet_session_id: session.walletSessionId,
          merchant_code: session.merchantCode,
          member_id: session.memberId,
          node_id: session.nodeId,
          game_code: session.gameCode,
          currency: session.currency,
          language: session.language,
        })
        .execute();
    },

    async findSession(tokenHash: string): Promise<BuiltinGameSession | undefined> {
      const row = await db
        .selectFrom('builtin_game_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        tokenHash: row.token_hash,
        walletSessionId: row.wallet_session_id,
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        nodeId: row.node_id,
        gameCode: row.game_code,
        currency: row.currency,
        language: row.language,
        lastUsedAt: row.last_used_at,
      };
    },

    /** Marks the session used, at most once per interval (`touchedBefore`). */
    async touchSession(tokenHash: string, now: Date, touchedBefore: Date): Promise<void> {
      await db
        .updateTable('builtin_game_sessions')
        .set({ last_used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('last_used_at', '<', touchedBefore)
        .execute();
    },

    /** Sessions idle since `before` with no unfinished round are forgotten. */
    async pruneSessions(before: Date): Promise<void> {
      await db
        .deleteFrom('builtin_game_sessions')
        .where('last_used_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('builtin_rounds')
                .select('builtin_rounds.id')
                .whereRef(
                  'builtin_rounds.session_token_hash',
                  '=',
                  'builtin_game_sessions.token_hash',
                ),
            ),
          ),
        )
        .execute();
    },
  };
}
