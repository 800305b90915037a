import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/types.js';

type Executor = Db | Transaction<Database>;

export interface SeedPair {
  id: bigint;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string | null;
  nonce: number;
}

export function toPair(row: {
  id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string | null;
  nonce: number;
}): SeedPair {
  return {
    id: row.id,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
  };
}

const pairColumns = ['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'] as const;

export function lockPair(executor: Executor, memberId: bigint, state: 'active' | 'next') {
  return executor
    .selectFrom('builtin_seed_pairs')
    .select(pairColumns)
    .where('member_id', '=', memberId)
    .where('state', '=', state)
    .forUpdate()
    .executeTakeFirst();
}

/** Each member's seed pairs: the active one and the committed next one. */
export function createSeedPairRepository(db: Db) {
  return {
    /** Makes the member's active pair and committed next pair when missing (idempotent). */
    async ensureSeedPairs(
      memberId: bigint,
      make: () => { serverSeed: string; serverSeedHash: string; clientSeed: string },
    ): Promise<void> {
      for (const state of ['active', 'next'] as const) {
        const existing = await db
          .selectFrom('builtin_seed_pairs')
          .select('id')
          .where('member_id', '=', memberId)
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
        .where('member_id', '=', memberId)
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
  };
}
