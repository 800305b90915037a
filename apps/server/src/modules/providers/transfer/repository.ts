import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export type GameTransferStatus = 'pending' | 'ok' | 'failed';

export interface GameTransfer {
  id: string;
  merchantCode: string;
  memberId: bigint;
  vassalage: string;
  direction: 'in' | 'out';
  amountMinor: bigint;
  status: GameTransferStatus;
  ledgerPendingId: string;
  statusChecks: number;
}

/** `game_wallet_transfers`: money moved in or out of a transfer-mode provider's wallet. */
export function createGameTransferRepository(db: Db) {
  return {
    async insert(transfer: Omit<GameTransfer, 'status' | 'statusChecks'>): Promise<void> {
      await db
        .insertInto('game_wallet_transfers')
        .values({
          id: transfer.id,
          merchant_code: transfer.merchantCode,
          member_id: transfer.memberId.toString(),
          vassalage: transfer.vassalage,
          direction: transfer.direction,
          amount_minor: transfer.amountMinor.toString(),
          ledger_pending_id: transfer.ledgerPendingId,
        })
        .execute();
    },

    async find(id: string): Promise<GameTransfer | undefined> {
      const row = await db
        .selectFrom('game_wallet_transfers')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            merchantCode: row.merchant_code,
            memberId: row.member_id,
            vassalage: row.vassalage,
            direction: row.direction,
            amountMinor: row.amount_minor,
            status: row.status,
            ledgerPendingId: row.ledger_pending_id,
            statusChecks: row.status_checks,
          }
        : undefined;
    },

    /** Records the outcome once; answers whether this call was the one that did. */
    async resolve(id: string, status: 'ok' | 'failed'): Promise<boolean> {
      const result = await db
        .updateTable('game_wallet_transfers')
        .set({ status, resolved_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countCheck(id: string): Promise<void> {
      await db
        .updateTable('game_wallet_transfers')
        .set({ status_checks: sql`status_checks + 1` })
        .where('id', '=', id)
        .execute();
    },

    /** Pending transfers older than `before`, oldest first. */
    async pendingIds(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('game_wallet_transfers')
        .select('id')
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type GameTransferRepository = ReturnType<typeof createGameTransferRepository>;
