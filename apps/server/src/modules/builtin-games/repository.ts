import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll } from '../../db/sql-numbers.js';
import type { BuiltinRoundStatus } from '../../db/tables/builtin-games.js';
import type { Database } from '../../db/types.js';
import { createSeedPairRepository, type SeedPair, toPair } from './seed-pairs/repository.js';
import { createBuiltinSessionRepository } from './sessions/repository.js';

export type { SeedPair } from './seed-pairs/repository.js';
export type { BuiltinGameSession } from './sessions/repository.js';

export interface BuiltinRoundRow {
  id: bigint;
  merchantCode: string;
  memberId: bigint;
  gameCode: string;
  sessionTokenHash: string;
  clientRoundId: string;
  kind: 'instant' | 'stepped';
  status: BuiltinRoundStatus;
  params: unknown;
  paramsFingerprint: string;
  seedPairId: bigint;
  nonce: number;
  stakeMinor: bigint;
  payoutMinor: bigint;
  payoutCapped: boolean;
  maxPayoutMinor: bigint;
  outcome: unknown;
  view: unknown;
  state: unknown;
  steps: number;
  /** The action of each step taken, as parsed (a retried step must send the same one). */
  stepActions: unknown[];
  errorCode: string | null;
  resumePending: boolean;
  createdAt: Date;
  updatedAt: Date;
  settledAt: Date | null;
  /** 'ledger': the round's money moves in its own transactions; 'seamless': an older round. */
  paidThrough: 'seamless' | 'ledger';
  /** From the round's seed pair: the server seed only once the pair is retired. */
  proof: { serverSeedHash: string; serverSeed: string | null; clientSeed: string };
}

export interface NewRound {
  merchantCode: string;
  memberId: bigint;
  gameCode: string;
  sessionTokenHash: string;
  clientRoundId: string;
  kind: 'instant' | 'stepped';
  params: unknown;
  paramsFingerprint: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  payoutCapped: boolean;
  maxPayoutMinor: bigint;
  outcome: unknown;
  view: unknown;
  state: unknown;
}

export interface RoundUpdate {
  status?: BuiltinRoundStatus;
  payoutMinor?: bigint;
  payoutCapped?: boolean;
  /** null clears it (a refused round shows no result). */
  outcome?: unknown;
  view?: unknown;
  state?: unknown;
  steps?: number;
  stepActions?: unknown[];
  errorCode?: string | null;
  resumePending?: boolean;
  settledAt?: Date;
}

type Executor = Db | Transaction<Database>;

const UNIQUE_VIOLATION = '23505';
/** The index that allows one stepped round in play per member and game (migration 170100). */
const ONE_IN_PLAY_INDEX = 'builtin_rounds_one_in_play_idx';

/** Rolls the round's transaction back when another stepped round is in play. */
export class RoundInPlay extends Error {}
/** Rolls the round's transaction back when a twin of the same client round id committed first. */
export class RoundRaced extends Error {}
/** The unique (member, client round id) of `builtin_rounds` (migration 170000). */
const CLIENT_ROUND_CONSTRAINT = 'builtin_rounds_member_id_client_round_id_key';

function isClientRoundViolation(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && constraint === CLIENT_ROUND_CONSTRAINT;
}

function isOneInPlayViolation(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && constraint === ONE_IN_PLAY_INDEX;
}

const json = (value: unknown) => JSON.stringify(value ?? null);
const nullableJson = (value: unknown) => (value === null ? null : json(value));

function roundQuery(executor: Executor) {
  return executor
    .selectFrom('builtin_rounds as r')
    .innerJoin('builtin_seed_pairs as p', 'p.id', 'r.seed_pair_id')
    .select([
      'r.id',
      'r.merchant_code',
      'r.member_id',
      'r.game_code',
      'r.session_token_hash',
      'r.client_round_id',
      'r.kind',
      'r.status',
      'r.params',
      'r.params_fingerprint',
      'r.seed_pair_id',
      'r.nonce',
      'r.stake_minor',
      'r.payout_minor',
      'r.payout_capped',
      'r.max_payout_minor',
      'r.outcome',
      'r.view',
      'r.state',
      'r.steps',
      'r.step_actions',
      'r.error_code',
      'r.resume_pending',
      'r.created_at',
      'r.updated_at',
      'r.settled_at',
      'r.paid_through',
      'p.state as pair_state',
      'p.server_seed',
      'p.server_seed_hash',
      'p.client_seed',
    ]);
}

type RoundQueryRow = Awaited<ReturnType<ReturnType<typeof roundQuery>['executeTakeFirstOrThrow']>>;

function toRound(row: RoundQueryRow): BuiltinRoundRow {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    memberId: row.member_id,
    gameCode: row.game_code,
    sessionTokenHash: row.session_token_hash,
    clientRoundId: row.client_round_id,
    kind: row.kind,
    status: row.status,
    params: row.params,
    paramsFingerprint: row.params_fingerprint,
    seedPairId: row.seed_pair_id,
    nonce: row.nonce,
    stakeMinor: row.stake_minor,
    payoutMinor: row.payout_minor,
    payoutCapped: row.payout_capped,
    maxPayoutMinor: row.max_payout_minor,
    outcome: row.outcome,
    view: row.view,
    state: row.state,
    steps: row.steps,
    stepActions: Array.isArray(row.step_actions) ? row.step_actions : [],
    errorCode: row.error_code,
    resumePending: row.resume_pending,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    settledAt: row.settled_at,
    paidThrough: row.paid_through,
    proof: {
      serverSeedHash: row.server_seed_hash,
      // The active (or next) seed never leaves this function: only a retired one is revealed.
      serverSeed: row.pair_state === 'retired' ? row.server_seed : null,
      clientSeed: row.client_seed ?? '',
    },
  };
}

async function updateRoundWith(
  executor: Executor,
  id: bigint,
  update: RoundUpdate,
  expectStatus?: BuiltinRoundStatus,
): Promise<boolean> {
  let query = executor
    .updateTable('builtin_rounds')
    .set({
      updated_at: sql`now()`,
      ...(update.status !== undefined ? { status: update.status } : {}),
      ...(update.payoutMinor !== undefined ? { payout_minor: update.payoutMinor } : {}),
      ...(update.payoutCapped !== undefined ? { payout_capped: update.payoutCapped } : {}),
      ...(update.outcome !== undefined ? { outcome: json(update.outcome) } : {}),
      ...(update.view !== undefined ? { view: nullableJson(update.view) } : {}),
      ...(update.state !== undefined ? { state: nullableJson(update.state) } : {}),
      ...(update.steps !== undefined ? { steps: update.steps } : {}),
      ...(update.stepActions !== undefined ? { step_actions: json(update.stepActions) } : {}),
      ...(update.errorCode !== undefined ? { error_code: update.errorCode } : {}),
      ...(update.resumePending !== undefined ? { resume_pending: update.resumePending } : {}),
      ...(update.settledAt !== undefined ? { settled_at: update.settledAt } : {}),
    })
    .where('id', '=', id);
  if (expectStatus) query = query.where('status', '=', expectStatus);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What a new round stores besides its outcome: its pair, nonce, and how far it got. */
export interface RoundToInsert extends NewRound {
  seedPair: SeedPair;
  status: 'open' | 'settled';
  settledAt: Date | null;
}

/**
 * The queries of one round's transaction (`executor`): the pair is locked first, so two
 * requests of a member (or two retries of one round) take turns and the nonce is taken once.
 */
export function roundQueriesWithin(executor: Db) {
  return {
    /**
     * The member's active pair, locked until the transaction ends, and the id of the round of
     * `clientRoundId` if one exists, in one statement. The id is read in the statement's
     * snapshot: a twin that committed while this waited for the lock is not seen, and its
     * insert then fails on the unique client round id (RoundRaced), which the caller retries.
     */
    async lockActivePair(
      memberId: bigint,
      clientRoundId: string,
    ): Promise<{ pair: SeedPair | undefined; existingId: bigint | null }> {
      const row = await executor
        .selectFrom('builtin_seed_pairs as p')
        .select([
          'p.id',
          'p.server_seed',
          'p.server_seed_hash',
          'p.client_seed',
          'p.nonce',
          (eb) =>
            eb
              .selectFrom('builtin_rounds as r')
              .select('r.id')
              .where('r.member_id', '=', memberId)
              .where('r.client_round_id', '=', clientRoundId)
              .as('existing_id'),
        ])
        .where('p.member_id', '=', memberId)
        .where('p.state', '=', 'active')
        .forUpdate()
        .executeTakeFirst();
      return {
        pair: row ? toPair(row) : undefined,
        existingId: row?.existing_id ? row.existing_id : null,
      };
    },

    async findRound(id: bigint): Promise<BuiltinRoundRow | undefined> {
      const row = await roundQuery(executor).where('r.id', '=', id).executeTakeFirst();
      return row ? toRound(row) : undefined;
    },

    /**
     * Inserts the round and moves its pair's nonce on. Throws RoundInPlay when another stepped
     * round of the member and game is in play (the caller's transaction then rolls back).
     */
    async insertRound(round: RoundToInsert): Promise<BuiltinRoundRow> {
      const pair = round.seedPair;
      // One statement: the nonce moves on with the insert (a data-modifying CTE always runs).
      const inserted = await executor
        .with('advanced', (db) =>
          db
            .updateTable('builtin_seed_pairs')
            .set({ nonce: pair.nonce + 1 })
            .where('id', '=', pair.id)
            .returning('id'),
        )
        .insertInto('builtin_rounds')
        .values({
          merchant_code: round.merchantCode,
          member_id: round.memberId,
          game_code: round.gameCode,
          session_token_hash: round.sessionTokenHash,
          client_round_id: round.clientRoundId,
          kind: round.kind,
          status: round.status,
          params: json(round.params),
          params_fingerprint: round.paramsFingerprint,
          seed_pair_id: pair.id,
          nonce: pair.nonce,
          stake_minor: round.stakeMinor,
          payout_minor: round.payoutMinor,
          payout_capped: round.payoutCapped,
          max_payout_minor: round.maxPayoutMinor,
          outcome: json(round.outcome),
          view: round.view === undefined ? null : json(round.view),
          state: round.state === undefined ? null : json(round.state),
          settled_at: round.settledAt,
          paid_through: 'ledger',
        })
        .returning(['id', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isOneInPlayViolation(error)) throw new RoundInPlay();
          if (isClientRoundViolation(error)) throw new RoundRaced();
          throw error;
        });
      return {
        ...round,
        id: inserted.id,
        seedPairId: pair.id,
        nonce: pair.nonce,
        steps: 0,
        stepActions: [],
        errorCode: null,
        resumePending: false,
        createdAt: inserted.created_at,
        updatedAt: inserted.updated_at,
        paidThrough: 'ledger',
        // The pair is active: its server seed is not shown until it is retired.
        proof: {
          serverSeedHash: pair.serverSeedHash,
          serverSeed: null,
          clientSeed: pair.clientSeed ?? '',
        },
      };
    },

    /** The round, locked until the transaction ends. */
    async lockRound(id: bigint): Promise<BuiltinRoundRow | undefined> {
      const row = await roundQuery(executor)
        .where('r.id', '=', id)
        .forUpdate('r')
        .executeTakeFirst();
      return row ? toRound(row) : undefined;
    },

    updateRound(id: bigint, update: RoundUpdate, expectStatus?: BuiltinRoundStatus) {
      return updateRoundWith(executor, id, update, expectStatus);
    },
  };
}

export type RoundQueries = ReturnType<typeof roundQueriesWithin>;

/** The built-in games' own tables, and the catalogue rows they read (names of games). */
export function createBuiltinGamesRepository(db: Db) {
  return {
    ...createBuiltinSessionRepository(db),
    ...createSeedPairRepository(db),
    /** The round queries on a transaction a caller opened (the round's unit of work). */
    within: (executor: Db) => roundQueriesWithin(executor),

    async findRound(id: bigint): Promise<BuiltinRoundRow | undefined> {
      const row = await roundQuery(db).where('r.id', '=', id).executeTakeFirst();
      return row ? toRound(row) : undefined;
    },

    async updateRound(id: bigint, update: RoundUpdate, expectStatus?: BuiltinRoundStatus) {
      return updateRoundWith(db, id, update, expectStatus);
    },

    /** The member's round of this game still in play (a stepped game), if any. */
    async openRound(memberId: bigint, gameCode: string): Promise<BuiltinRoundRow | undefined> {
      const row = await roundQuery(db)
        .where('r.member_id', '=', memberId)
        .where('r.game_code', '=', gameCode)
        .where('r.status', '=', 'open')
        .orderBy('r.id', 'desc')
        .executeTakeFirst();
      return row ? toRound(row) : undefined;
    },

    /** The member's rounds of this game not yet finished with the wallet (pending, paying). */
    async unsettledRounds(memberId: bigint, gameCode: string): Promise<BuiltinRoundRow[]> {
      const rows = await roundQuery(db)
        .where('r.member_id', '=', memberId)
        .where('r.game_code', '=', gameCode)
        .where('r.status', 'in', ['pending', 'paying'])
        .orderBy('r.id', 'asc')
        .execute();
      return rows.map(toRound);
    },

    /** Takes (and clears) the newest round finished while the member was away. */
    async takeResumeRound(
      memberId: bigint,
      gameCode: string,
    ): Promise<BuiltinRoundRow | undefined> {
      const row = await roundQuery(db)
        .where('r.member_id', '=', memberId)
        .where('r.game_code', '=', gameCode)
        .where('r.resume_pending', '=', true)
        .orderBy('r.id', 'desc')
        .executeTakeFirst();
      if (!row) return undefined;
      await db
        .updateTable('builtin_rounds')
        .set({ resume_pending: false })
        .where('member_id', '=', memberId)
        .where('game_code', '=', gameCode)
        .where('resume_pending', '=', true)
        .execute();
      return toRound(row);
    },

    /** Rounds to drive to the end: pending or paying since `before`, or open since `openBefore`. */
    async stalledRounds(before: Date, openBefore: Date, limit: number): Promise<BuiltinRoundRow[]> {
      const rows = await roundQuery(db)
        .where((eb) =>
          eb.or([
            eb.and([eb('r.status', 'in', ['pending', 'paying']), eb('r.updated_at', '<', before)]),
            eb.and([eb('r.status', '=', 'open'), eb('r.updated_at', '<', openBefore)]),
          ]),
        )
        .orderBy('r.updated_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map(toRound);
    },

    /** The rounds played: a cancelled round (its bet refused or refunded) was not one. */
    async history(
      memberId: bigint,
      gameCode: string,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ rows: BuiltinRoundRow[]; totalCount: number }> {
      const [rows, count] = await Promise.all([
        roundQuery(db)
          .where('r.member_id', '=', memberId)
          .where('r.game_code', '=', gameCode)
          .where('r.status', '<>', 'cancelled')
          .orderBy('r.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
        db
          .selectFrom('builtin_rounds')
          .select(countAll().as('count'))
          .where('member_id', '=', memberId)
          .where('game_code', '=', gameCode)
          .where('status', '<>', 'cancelled')
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRound), totalCount: Number(count.count) };
    },
  };
}

export type BuiltinGamesRepository = ReturnType<typeof createBuiltinGamesRepository>;
