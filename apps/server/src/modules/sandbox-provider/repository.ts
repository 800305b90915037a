import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SandboxProviderRoundStatus } from '../../db/tables/sandbox-provider.js';

export interface ProviderSession {
  tokenHash: string;
  platformSessionId: string;
  gameCode: string;
  nodeId: number | null;
  roomId: string | null;
  currency: string;
  language: string;
  hiLoCard: number | null;
}

export interface ProviderRound {
  roundId: string;
  tokenHash: string;
  platformSessionId: string;
  gameCode: string;
  stakeMinor: bigint;
  winMinor: bigint | null;
  status: SandboxProviderRoundStatus;
  detail: Record<string, unknown>;
  balanceMinor: bigint | null;
  errorCode: string | null;
  attempts: number;
  createdAt: Date;
}

type RoundRow = {
  round_id: string;
  token_hash: string;
  platform_session_id: string;
  game_code: string;
  stake_minor: bigint;
  win_minor: bigint | null;
  status: SandboxProviderRoundStatus;
  detail: Record<string, unknown>;
  balance_minor: bigint | null;
  error_code: string | null;
  attempts: number;
  created_at: Date;
};

function roundOf(row: RoundRow): ProviderRound {
  return {
    roundId: row.round_id,
    tokenHash: row.token_hash,
    platformSessionId: row.platform_session_id,
    gameCode: row.game_code,
    stakeMinor: row.stake_minor,
    winMinor: row.win_minor === null ? null : row.win_minor,
    status: row.status,
    detail: row.detail,
    balanceMinor: row.balance_minor === null ? null : row.balance_minor,
    errorCode: row.error_code,
    attempts: row.attempts,
    createdAt: row.created_at,
  };
}

/** The sandbox provider's own tables: its configuration, sessions and rounds. */
export function createSandboxProviderRepository(db: Db) {
  return {
    /** The secret this provider signs with, from its own configuration. */
    async apiSecret(vassalage: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sandbox_provider_settings')
        .select('api_secret')
        .where('vassalage', '=', vassalage)
        .executeTakeFirst();
      return row?.api_secret;
    },

    /** Keeps the secret once made: a second call answers the stored one, not `candidate`. */
    async ensureApiSecret(vassalage: string, candidate: string): Promise<string> {
      await db
        .insertInto('sandbox_provider_settings')
        .values({ vassalage, api_secret: candidate })
        .onConflict((conflict) => conflict.column('vassalage').doNothing())
        .execute();
      const row = await db
        .selectFrom('sandbox_provider_settings')
        .select('api_secret')
        .where('vassalage', '=', vassalage)
        .executeTakeFirstOrThrow();
      return row.api_secret;
    },

    async insertSession(session: ProviderSession): Promise<void> {
      await db
        .insertInto('sandbox_provider_sessions')
        .values({
          token_hash: session.tokenHash,
          platform_session_id: session.platformSessionId,
          game_code: session.gameCode,
          node_id: session.nodeId === null ? null : String(session.nodeId),
          room_id: session.roomId,
          currency: session.currency,
          language: session.language,
          hilo_card: session.hiLoCard,
        })
        .execute();
    },

    /** A session used within the idle window; using it keeps it alive. */
    async useSession(tokenHash: string, idleMs: number): Promise<ProviderSession | undefined> {
      const row = await db
        .updateTable('sandbox_provider_sessions')
        .set({ last_used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('last_used_at', '>', sql<Date>`now() - make_interval(secs => ${idleMs / 1000})`)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        tokenHash: row.token_hash,
        platformSessionId: row.platform_session_id,
        gameCode: row.game_code,
        nodeId: row.node_id === null ? null : Number(row.node_id),
        roomId: row.room_id,
        currency: row.currency,
        language: row.language,
        hiLoCard: row.hilo_card,
      };
    },

    /** Takes the hi-lo card off the table for one round; false when another round holds it. */
    async takeHiLoCard(tokenHash: string, card: number): Promise<boolean> {
      const result = await db
        .updateTable('sandbox_provider_sessions')
        .set({ hilo_card: null })
        .where('token_hash', '=', tokenHash)
        .where('hilo_card', '=', card)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async putHiLoCard(tokenHash: string, card: number): Promise<void> {
      await db
        .updateTable('sandbox_provider_sessions')
        .set({ hilo_card: card })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    async insertRound(input: {
      roundId: string;
      tokenHash: string;
      platformSessionId: string;
      gameCode: string;
      stakeMinor: bigint;
      detail: object;
    }): Promise<void> {
      await db
        .insertInto('sandbox_provider_rounds')
        .values({
          round_id: input.roundId,
          token_hash: input.tokenHash,
          platform_session_id: input.platformSessionId,
          game_code: input.gameCode,
          stake_minor: input.stakeMinor,
          status: 'bet_pending',
          detail: JSON.stringify(input.detail),
        })
        .execute();
    },

    async updateRound(
      roundId: string,
      patch: {
        status: SandboxProviderRoundStatus;
        winMinor?: bigint;
        detail?: object;
        balanceMinor?: bigint;
        errorCode?: string | null;
        /** Counts one more attempt of the money call the round owes, due again after this. */
        attemptDueAfterMs?: number | null;
      },
    ): Promise<void> {
      await db
        .updateTable('sandbox_provider_rounds')
        .set((eb) => ({
          status: patch.status,
          updated_at: sql<Date>`now()`,
          ...(patch.winMinor === undefined ? {} : { win_minor: patch.winMinor }),
          ...(patch.detail === undefined ? {} : { detail: JSON.stringify(patch.detail) }),
          ...(patch.balanceMinor === undefined ? {} : { balance_minor: patch.balanceMinor }),
          ...(patch.errorCode === undefined ? {} : { error_code: patch.errorCode }),
          ...(patch.attemptDueAfterMs === undefined
            ? {}
            : {
                attempts: eb('attempts', '+', 1),
                next_attempt_at:
                  patch.attemptDueAfterMs === null
                    ? null
                    : sql<Date>`now() + make_interval(secs => ${patch.attemptDueAfterMs / 1000})`,
              }),
        }))
        .where('round_id', '=', roundId)
        .execute();
    },

    async findRound(roundId: string): Promise<ProviderRound | undefined> {
      const row = await db
        .selectFrom('sandbox_provider_rounds')
        .selectAll()
        .where('round_id', '=', roundId)
        .executeTakeFirst();
      return row ? roundOf(row) : undefined;
    },

    /** Rounds that still owe the platform a win or a rollback, due now. */
    async owedRounds(maxAttempts: number, limit: number): Promise<ProviderRound[]> {
      const rows = await db
        .selectFrom('sandbox_provider_rounds')
        .selectAll()
        .where('status', 'in', ['win_pending', 'rollback_pending'])
        .where((eb) =>
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]),
        )
        .where('attempts', '<', maxAttempts)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(roundOf);
    },

    /** Forgets sessions idle for longer than this; rounds stay as the provider's records. */
    async pruneSessions(idleMs: number): Promise<void> {
      await db
        .deleteFrom('sandbox_provider_sessions')
        .where('last_used_at', '<', sql<Date>`now() - make_interval(secs => ${idleMs / 1000})`)
        .execute();
    },
  };
}

export type SandboxProviderRepository = ReturnType<typeof createSandboxProviderRepository>;
