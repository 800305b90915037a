import type { Db } from '../../db/database.js';

/** The free-spins module's tables (`free_spin_grants`, `free_spin_plays`): the only place naming them. */

export type FreeSpinSourceKind = 'points' | 'promotion' | 'operator';

export interface FreeSpinGrantRecord {
  id: bigint;
  merchantCode: string;
  memberId: bigint;
  currency: string;
  gameCode: string;
  betPerLineMinor: bigint;
  spinsTotal: number;
  spinsUsed: number;
  wonMinor: bigint;
  wageringMultiple: number;
  expiresAt: Date;
  sourceKind: FreeSpinSourceKind;
  sourceRef: string;
  idempotencyKey: string;
}

export type NewFreeSpinGrant = Omit<FreeSpinGrantRecord, 'id' | 'spinsUsed' | 'wonMinor'>;

export interface FreeSpinPlayRecord {
  grantId: bigint;
  spinNo: number;
  clientRoundId: string;
  roundId: bigint;
  stakeMinor: bigint;
  payoutMinor: bigint;
  bonusId: bigint | null;
}

const grantColumns = [
  'id',
  'merchant_code',
  'member_id',
  'currency',
  'game_code',
  'bet_per_line_minor',
  'spins_total',
  'spins_used',
  'won_minor',
  'wagering_multiple',
  'expires_at',
  'source_kind',
  'source_ref',
  'idempotency_key',
] as const;

function toGrant(row: {
  id: bigint;
  merchant_code: string;
  member_id: bigint;
  currency: string;
  game_code: string;
  bet_per_line_minor: bigint;
  spins_total: number;
  spins_used: number;
  won_minor: bigint;
  wagering_multiple: number;
  expires_at: Date;
  source_kind: FreeSpinSourceKind;
  source_ref: string;
  idempotency_key: string;
}): FreeSpinGrantRecord {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    currency: row.currency,
    gameCode: row.game_code,
    betPerLineMinor: row.bet_per_line_minor,
    spinsTotal: row.spins_total,
    spinsUsed: row.spins_used,
    wonMinor: row.won_minor,
    wageringMultiple: row.wagering_multiple,
    expiresAt: row.expires_at,
    sourceKind: row.source_kind,
    sourceRef: row.source_ref,
    idempotencyKey: row.idempotency_key,
  };
}

export function createFreeSpinsRepository(db: Db) {
  return {
    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),

    /** Inserts the grant unless its key was used; answers the row either way. */
    async insertGrant(
      trx: Db,
      grant: NewFreeSpinGrant,
    ): Promise<{ grant: FreeSpinGrantRecord; created: boolean }> {
      const inserted = await trx
        .insertInto('free_spin_grants')
        .values({
          merchant_code: grant.merchantCode,
          member_id: grant.memberId,
          currency: grant.currency,
          game_code: grant.gameCode,
          bet_per_line_minor: grant.betPerLineMinor,
          spins_total: grant.spinsTotal,
          wagering_multiple: grant.wageringMultiple,
          expires_at: grant.expiresAt,
          source_kind: grant.sourceKind,
          source_ref: grant.sourceRef,
          idempotency_key: grant.idempotencyKey,
        })
        .onConflict((conflict) =>
          conflict.columns(['merchant_code', 'idempotency_key']).doNothing(),
        )
        .returning(grantColumns)
        .executeTakeFirst();
      if (inserted) return { grant: toGrant(inserted), created: true };
      const existing = await trx
        .selectFrom('free_spin_grants')
        .select(grantColumns)
        .where('merchant_code', '=', grant.merchantCode)
        .where('idempotency_key', '=', grant.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { grant: toGrant(existing), created: false };
    },

    /** The grant, locked until the caller's transaction ends: spins of one grant go one by one. */
    async lockGrant(trx: Db, id: bigint): Promise<FreeSpinGrantRecord | undefined> {
      const row = await trx
        .selectFrom('free_spin_grants')
        .select(grantColumns)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row && toGrant(row);
    },

    async grant(id: bigint): Promise<FreeSpinGrantRecord | undefined> {
      const row = await db
        .selectFrom('free_spin_grants')
        .select(grantColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toGrant(row);
    },

    /** The member's grants on a game with spins left and not expired, soonest expiry first. */
    async openGrants(
      memberId: bigint,
      gameCode: string,
      now: Date,
      limit: number,
    ): Promise<FreeSpinGrantRecord[]> {
      const rows = await db
        .selectFrom('free_spin_grants')
        .select(grantColumns)
        .where('member_id', '=', memberId)
        .where('game_code', '=', gameCode)
        .where('expires_at', '>', now)
        .whereRef('spins_used', '<', 'spins_total')
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toGrant);
    },

    /** The member's grants of every game (newest first), for the reward pages and tests. */
    async memberGrants(memberId: bigint, limit: number): Promise<FreeSpinGrantRecord[]> {
      const rows = await db
        .selectFrom('free_spin_grants')
        .select(grantColumns)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toGrant);
    },

    async playOf(
      trx: Db,
      grantId: bigint,
      clientRoundId: string,
    ): Promise<FreeSpinPlayRecord | undefined> {
      const row = await trx
        .selectFrom('free_spin_plays')
        .selectAll()
        .where('grant_id', '=', grantId)
        .where('client_round_id', '=', clientRoundId)
        .executeTakeFirst();
      return (
        row && {
          grantId: row.grant_id,
          spinNo: row.spin_no,
          clientRoundId: row.client_round_id,
          roundId: row.round_id,
          stakeMinor: row.stake_minor,
          payoutMinor: row.payout_minor,
          bonusId: row.bonus_id,
        }
      );
    },

    /** Records a spin and counts it on its (locked) grant. */
    async recordPlay(trx: Db, play: FreeSpinPlayRecord): Promise<FreeSpinGrantRecord> {
      await trx
        .insertInto('free_spin_plays')
        .values({
          grant_id: play.grantId,
          spin_no: play.spinNo,
          client_round_id: play.clientRoundId,
          round_id: play.roundId,
          stake_minor: play.stakeMinor,
          payout_minor: play.payoutMinor,
          bonus_id: play.bonusId,
        })
        .execute();
      const row = await trx
        .updateTable('free_spin_grants')
        .set((eb) => ({
          spins_used: eb('spins_used', '+', 1),
          won_minor: eb('won_minor', '+', play.payoutMinor),
        }))
        .where('id', '=', play.grantId)
        .returning(grantColumns)
        .executeTakeFirstOrThrow();
      return toGrant(row);
    },
  };
}

export type FreeSpinsRepository = ReturnType<typeof createFreeSpinsRepository>;
