import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** One winning round as the board keeps it; the game is named by its vendor and code. */
export interface NewBigWin {
  merchantCode: string;
  vassalage: string;
  gameCode: string;
  roundRef: string;
  memberId: bigint;
  username: string;
  winMinor: bigint;
  netStakeMinor: bigint;
  settledAt: Date;
}

/** The winner board's own table, written by its consumer with the transaction it is given. */
export function createWinnerBoardRepository() {
  return {
    /**
     * Adds the wins whose game is in the merchant's catalogue (its node is looked up here), in
     * one statement; a round already on the board (a replayed event, the backfill) stays once.
     */
    async addWins(trx: Db, wins: readonly NewBigWin[]): Promise<void> {
      if (wins.length === 0) return;
      const rows = wins.map(
        (win) => sql`(${win.merchantCode}, ${win.vassalage}, ${win.gameCode}, ${win.roundRef},
          ${win.memberId.toString()}::bigint, ${win.username}, ${win.winMinor.toString()}::bigint,
          ${win.netStakeMinor.toString()}::bigint, ${win.settledAt}::timestamptz)`,
      );
      await sql`
        INSERT INTO game_big_wins (merchant_code, vassalage, round_ref, node_id, member_id,
          username, win_minor, net_stake_minor, settled_at)
        SELECT v.merchant_code, v.vassalage, v.round_ref, g.node_id, v.member_id, v.username,
          v.win_minor, v.net_stake_minor, v.settled_at
        FROM (VALUES ${sql.join(rows)}) AS v (merchant_code, vassalage, game_code, round_ref,
          member_id, username, win_minor, net_stake_minor, settled_at)
        JOIN games g ON g.merchant_code = v.merchant_code AND g.vassalage = v.vassalage
          AND g.game_code = v.game_code
        ON CONFLICT (vassalage, round_ref) DO NOTHING
      `.execute(trx);
    },

    /** Deletes up to `limit` wins settled before `cutoff` (the board no longer shows them). */
    async pruneBefore(trx: Db, cutoff: Date, limit: number): Promise<void> {
      await sql`
        DELETE FROM game_big_wins WHERE id IN (
          SELECT id FROM game_big_wins WHERE settled_at < ${cutoff} ORDER BY settled_at LIMIT ${limit}
        )
      `.execute(trx);
    },
  };
}

export type WinnerBoardRepository = ReturnType<typeof createWinnerBoardRepository>;
