import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BuiltinRoundStatus } from '../../db/tables/builtin-games.js';
import type { Database } from '../../db/types.js';

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

export interface SeedPair {
  id: bigint;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string | null;
  nonce: number;
}

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
  errorCode: string | null;
  resumePending: boolean;
  createdAt: Date;
  updatedAt: Date;
  settledAt: Date | null;
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
  view?: unknown;
  state?: unknown;
  steps?: number;
  errorCode?: string | null;
  resumePending?: boolean;
  settledAt?: Date;
}

type Executor = Db | Transaction<Database>;

const UNIQUE_VIOLATION = '23505';
/** The index that allows one stepped round in play per member and game (migration 170100). */
const ONE_IN_PLAY_INDEX = 'builtin_rounds_one_in_play_idx';

/** Rolls the round's transaction back when another stepped round is in play. */
class InPlay extends Error {}

function isOneInPlayViolation(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && constraint === ONE_IN_PLAY_INDEX;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

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
      'r.error_code',
      'r.resume_pending',
      'r.created_at',
      'r.updated_at',
      'r.settled_at',
      'p.state as pair_state',
      'p.server_seed',
      'p.server_seed_hash',
      'p.client_seed',
    ]);
}

type RoundQueryRow = Awaited<ReturnType<ReturnType<typeof roundQuery>['executeTakeFirstOrThrow']>>;

function toRound(row: RoundQueryRow): BuiltinRoundRow {
  return {
    id: BigInt(row.id),
    merchantCode: row.merchant_code,
    memberId: BigInt(row.member_id),
    gameCode: row.game_code,
    sessionTokenHash: row.session_token_hash,
    clientRoundId: row.client_round_id,
    kind: row.kind,
    status: row.status,
    params: row.params,
    paramsFingerprint: row.params_fingerprint,
    seedPairId: BigInt(row.seed_pair_id),
    nonce: row.nonce,
    stakeMinor: BigInt(row.stake_minor),
    payoutMinor: BigInt(row.payout_minor),
    payoutCapped: row.payout_capped,
    maxPayoutMinor: BigInt(row.max_payout_minor),
    outcome: row.outcome,
    view: row.view,
    state: row.state,
    steps: row.steps,
    errorCode: row.error_code,
    resumePending: row.resume_pending,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    settledAt: row.settled_at,
    proof: {
      serverSeedHash: row.server_seed_hash,
      // The active (or next) seed never leaves this function: only a retired one is revealed.
      serverSeed: row.pair_state === 'retired' ? row.server_seed : null,
      clientSeed: row.client_seed ?? '',
    },
  };
}

function toPair(row: {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string | null;
  nonce: number;
}): SeedPair {
  return {
    id: BigInt(row.id),
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
  };
}

const pairColumns = ['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'] as const;

function lockPair(executor: Executor, memberId: bigint, state: 'active' | 'next') {
  return executor
    .selectFrom('builtin_seed_pairs')
    .select(pairColumns)
    .where('member_id', '=', memberId.toString())
    .where('state', '=', state)
    .forUpdate()
    .executeTakeFirst();
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
      ...(update.view !== undefined ? { view: json(update.view) } : {}),
      ...(update.state !== undefined ? { state: json(update.state) } : {}),
      ...(update.steps !== undefined ? { steps: update.steps } : {}),
      ...(update.errorCode !== undefined ? { error_code: update.errorCode } : {}),
      ...(update.resumePending !== undefined ? { resume_pending: update.resumePending } : {}),
      ...(update.settledAt !== undefined ? { settled_at: update.settledAt } : {}),
    })
    .where('id', '=', id.toString());
  if (expectStatus) query = query.where('status', '=', expectStatus);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The built-in games' own tables, and the catalogue rows they read (names of games). */
export function createBuiltinGamesRepository(db: Db) {
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
        memberId: BigInt(row.member_id),
        nodeId: BigInt(row.node_id),
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

    /** The game's name in `language`, else in `fallback`, else its code. */
    async gameName(nodeId: bigint, language: string, fallback: string): Promise<string | null> {
      const rows = await db
        .selectFrom('game_texts')
        .select(['language', 'name'])
        .where('node_id', '=', nodeId.toString())
        .where('language', 'in', [language, fallback])
        .execute();
      const pick = (code: string) => rows.find((row) => row.language === code)?.name;
      return pick(language) ?? pick(fallback) ?? null;
    },

    /** Makes the member's active pair and committed next pair when missing (idempotent). */
    async ensureSeedPairs(
      memberId: bigint,
      make: () => { serverSeed: string; serverSeedHash: string; clientSeed: string },
    ): Promise<void> {
      for (const state of ['active', 'next'] as const) {
        const existing = await db
          .selectFrom('builtin_seed_pairs')
          .select('id')
          .where('member_id', '=', memberId.toString())
          .where('state', '=', state)
          .executeTakeFirst();
        if (existing) continue;
        const seed = make();
        await db
          .insertInto('builtin_seed_pairs')
          .values({
            member_id: memberId,
            state,
            server_seed: seed.serverSeed,
            server_seed_hash: seed.serverSeedHash,
            client_seed: state === 'active' ? seed.clientSeed : null,
            activated_at: state === 'active' ? new Date() : null,
          })
          .onConflict((conflict) =>
            conflict.column('member_id').where('state', '=', state).doNothing(),
          )
          .execute();
      }
    },

    async seedPairs(memberId: bigint): Promise<{ active?: SeedPair; next?: SeedPair }> {
      const rows = await db
        .selectFrom('builtin_seed_pairs')
        .select([...pairColumns, 'state'])
        .where('member_id', '=', memberId.toString())
        .where('state', 'in', ['active', 'next'])
        .execute();
      const of = (state: string) => {
        const row = rows.find((candidate) => candidate.state === state);
        return row ? toPair(row) : undefined;
      };
      return { active: of('active'), next: of('next') };
    },

    /**
     * Retires the active pair (its seed is revealed from now on), activates the committed next
     * pair with `clientSeed` (null: the retired pair's) and commits a new next pair.
     */
    async rotateSeedPair(
      memberId: bigint,
      clientSeed: string | null,
      newNext: { serverSeed: string; serverSeedHash: string },
    ): Promise<{ retired: SeedPair; active: SeedPair; next: SeedPair } | undefined> {
      return db.transaction().execute(async (trx) => {
        const active = await lockPair(trx, memberId, 'active');
        const next = await lockPair(trx, memberId, 'next');
        if (!active || !next) return undefined;
        await trx
          .updateTable('builtin_seed_pairs')
          .set({ state: 'retired', retired_at: sql`now()` })
          .where('id', '=', active.id)
          .execute();
        const newClientSeed = clientSeed ?? active.client_seed ?? '';
        await trx
          .updateTable('builtin_seed_pairs')
          .set({ state: 'active', client_seed: newClientSeed, activated_at: sql`now()` })
          .where('id', '=', next.id)
          .execute();
        const inserted = await trx
          .insertInto('builtin_seed_pairs')
          .values({
            member_id: memberId,
            state: 'next',
            server_seed: newNext.serverSeed,
            server_seed_hash: newNext.serverSeedHash,
            client_seed: null,
          })
          .returning(pairColumns)
          .executeTakeFirstOrThrow();
        return {
          retired: toPair(active),
          active: { ...toPair(next), clientSeed: newClientSeed, nonce: 0 },
          next: toPair(inserted),
        };
      });
    },

    /**
     * One new round, in one transaction: locks the member's active pair, replays the round of
     * `clientRoundId` if it exists, else takes the pair's nonce, lets `decide` compute the round
     * from the pair and inserts it as pending.
     */
    async createRound(
      memberId: bigint,
      clientRoundId: string,
      decide: (pair: SeedPair) => NewRound,
    ): Promise<{ round: BuiltinRoundRow; created: boolean } | 'in-play' | undefined> {
      return db
        .transaction()
        .execute(async (trx) => {
          const pairRow = await lockPair(trx, memberId, 'active');
          if (!pairRow) return undefined;
          // Read after the lock: a concurrent request with the same id has committed by now.
          const existing = await roundQuery(trx)
            .where('r.member_id', '=', memberId.toString())
            .where('r.client_round_id', '=', clientRoundId)
            .executeTakeFirst();
          if (existing) return { round: toRound(existing), created: false };
          const pair = toPair(pairRow);
          const round = decide(pair);
          await trx
            .updateTable('builtin_seed_pairs')
            .set({ nonce: pair.nonce + 1 })
            .where('id', '=', pairRow.id)
            .execute();
          const inserted = await trx
            .insertInto('builtin_rounds')
            .values({
              merchant_code: round.merchantCode,
              member_id: round.memberId,
              game_code: round.gameCode,
              session_token_hash: round.sessionTokenHash,
              client_round_id: round.clientRoundId,
              kind: round.kind,
              status: 'pending',
              params: json(round.params),
              params_fingerprint: round.paramsFingerprint,
              seed_pair_id: pairRow.id,
              nonce: pair.nonce,
              stake_minor: round.stakeMinor,
              payout_minor: round.payoutMinor,
              payout_capped: round.payoutCapped,
              max_payout_minor: round.maxPayoutMinor,
              outcome: json(round.outcome),
              view: round.view === undefined ? null : json(round.view),
              state: round.state === undefined ? null : json(round.state),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
            .catch((error: unknown) => {
              if (isOneInPlayViolation(error)) return 'in-play' as const;
              throw error;
            });
          // Nothing written stays: the nonce goes back with the transaction.
          if (inserted === 'in-play') throw new InPlay();
          const row = await roundQuery(trx)
            .where('r.id', '=', inserted.id)
            .executeTakeFirstOrThrow();
          return { round: toRound(row), created: true };
        })
        .catch((error: unknown) => {
          if (error instanceof InPlay) return 'in-play' as const;
          throw error;
        });
    },

    async findRound(id: bigint): Promise<BuiltinRoundRow | undefined> {
      const row = await roundQuery(db).where('r.id', '=', id.toString()).executeTakeFirst();
      return row ? toRound(row) : undefined;
    },

    async updateRound(id: bigint, update: RoundUpdate, expectStatus?: BuiltinRoundStatus) {
      return updateRoundWith(db, id, update, expectStatus);
    },

    /** Runs `work` on the round locked; its update lands in the same transaction. */
    async withLockedRound<T>(
      id: bigint,
      work: (round: BuiltinRoundRow, update: (update: RoundUpdate) => Promise<void>) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('builtin_rounds')
          .select('id')
          .where('id', '=', id.toString())
          .forUpdate()
          .executeTakeFirst();
        if (!locked) return undefined;
        const row = await roundQuery(trx)
          .where('r.id', '=', id.toString())
          .executeTakeFirstOrThrow();
        return work(toRound(row), async (update) => {
          await updateRoundWith(trx, id, update);
        });
      });
    },

    /** The member's round of this game still in play (a stepped game), if any. */
    async openRound(memberId: bigint, gameCode: string): Promise<BuiltinRoundRow | undefined> {
      const row = await roundQuery(db)
        .where('r.member_id', '=', memberId.toString())
        .where('r.game_code', '=', gameCode)
        .where('r.status', '=', 'open')
        .orderBy('r.id', 'desc')
        .executeTakeFirst();
      return row ? toRound(row) : undefined;
    },

    /** The member's rounds of this game not yet finished with the wallet (pending, paying). */
    async unsettledRounds(memberId: bigint, gameCode: string): Promise<BuiltinRoundRow[]> {
      const rows = await roundQuery(db)
        .where('r.member_id', '=', memberId.toString())
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
        .where('r.member_id', '=', memberId.toString())
        .where('r.game_code', '=', gameCode)
        .where('r.resume_pending', '=', true)
        .orderBy('r.id', 'desc')
        .executeTakeFirst();
      if (!row) return undefined;
      await db
        .updateTable('builtin_rounds')
        .set({ resume_pending: false })
        .where('member_id', '=', memberId.toString())
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

    async history(
      memberId: bigint,
      gameCode: string,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ rows: BuiltinRoundRow[]; totalCount: number }> {
      const [rows, count] = await Promise.all([
        roundQuery(db)
          .where('r.member_id', '=', memberId.toString())
          .where('r.game_code', '=', gameCode)
          .orderBy('r.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
        db
          .selectFrom('builtin_rounds')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('member_id', '=', memberId.toString())
          .where('game_code', '=', gameCode)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRound), totalCount: Number(count.count) };
    },
  };
}

export type BuiltinGamesRepository = ReturnType<typeof createBuiltinGamesRepository>;
