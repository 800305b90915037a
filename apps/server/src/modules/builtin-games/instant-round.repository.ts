import { minorToAmount } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { RoundAccounts } from './play-context.js';
import type { BuiltinRoundRow, RoundToInsert, SeedPair } from './repository.js';
import type { RoundRecordPlace } from './round-money.js';
import { toPair } from './seed-pairs/repository.js';

/**
 * An instant round in one statement: `builtin_play_instant_round` (migration 090000), which
 * locks the member's pair, checks the caller decided the outcome from its current nonce, stores
 * the round, writes the betting record and its event through the providers' function and moves
 * the stake and win through the ledger's batch function, all in that statement's transaction.
 */

/** The statement's SQLSTATE when the ledger refused the stake (the whole round rolled back). */
const UNFUNDED_SQLSTATE = 'BGI01';

/** Raised when the member's available balance cannot cover the stake; nothing was written. */
export class RoundUnfunded extends Error {}

/** The statement's SQLSTATE when a bonus's max bet refused the stake (module bonus). */
const ABOVE_MAX_BET_SQLSTATE = 'BGI03';

export interface InstantRoundInput {
  round: RoundToInsert;
  place: RoundRecordPlace;
  accounts: RoundAccounts;
  vassalage: string;
  /** The betting record's detail; `detailNeedsRoundId` adds the round's id (a detail too large). */
  recordDetail: Record<string, unknown>;
  detailNeedsRoundId: boolean;
  betCode: string;
  winCode: string;
}

export type InstantRoundResult =
  | { status: 'created'; round: BuiltinRoundRow; balanceMinor: bigint }
  | { status: 'exists'; roundId: bigint }
  | { status: 'stale'; pair: SeedPair }
  | { status: 'no-pair' }
  /** Only from a batch: the stake was refused, or the round failed (play it alone to see why). */
  | { status: 'insufficient' }
  | { status: 'error' };

interface FunctionRow {
  o_status: 'created' | 'exists' | 'stale' | 'no-pair' | 'insufficient' | 'error';
  o_round_id: string | bigint | null;
  o_created_at: Date | null;
  o_balance_minor: string | bigint | null;
  o_pair_id: string | bigint | null;
  o_server_seed: string | null;
  o_server_seed_hash: string | null;
  o_client_seed: string | null;
  o_nonce: number | null;
}

/** JSON for the SQL function: 64-bit integers (ids, amounts) travel as decimal text. */
const bigintAsText = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;
const json = (value: unknown) => JSON.stringify(value ?? null, bigintAsText);

function createdRound(input: InstantRoundInput, row: FunctionRow): BuiltinRoundRow {
  const { round } = input;
  const pair = round.seedPair;
  const createdAt = row.o_created_at ?? new Date();
  return {
    ...round,
    id: BigInt(row.o_round_id ?? 0),
    seedPairId: pair.id,
    nonce: pair.nonce,
    status: 'settled',
    steps: 0,
    stepActions: [],
    errorCode: null,
    resumePending: false,
    createdAt,
    updatedAt: createdAt,
    paidThrough: 'ledger',
    // The pair is active: its server seed is not shown until it is retired.
    proof: {
      serverSeedHash: pair.serverSeedHash,
      serverSeed: null,
      clientSeed: pair.clientSeed ?? '',
    },
  };
}

function resultOf(input: InstantRoundInput, row: FunctionRow): InstantRoundResult {
  switch (row.o_status) {
    case 'created':
      return {
        status: 'created',
        round: createdRound(input, row),
        balanceMinor: BigInt(row.o_balance_minor ?? 0),
      };
    case 'exists':
      return { status: 'exists', roundId: BigInt(row.o_round_id ?? 0) };
    case 'stale':
      return {
        status: 'stale',
        pair: {
          id: BigInt(row.o_pair_id ?? 0),
          serverSeed: row.o_server_seed ?? '',
          serverSeedHash: row.o_server_seed_hash ?? '',
          clientSeed: row.o_client_seed,
          nonce: Number(row.o_nonce),
        },
      };
    case 'insufficient':
    case 'error':
    case 'no-pair':
      return { status: row.o_status };
  }
}

/** One round of a batch as `builtin_play_instant_rounds` reads it (amounts as strings). */
function batchEntry(input: InstantRoundInput) {
  const { round, place, accounts } = input;
  return {
    merchantCode: round.merchantCode,
    memberId: round.memberId,
    gameCode: round.gameCode,
    sessionTokenHash: round.sessionTokenHash,
    clientRoundId: round.clientRoundId,
    params: round.params ?? null,
    paramsFingerprint: round.paramsFingerprint,
    pairId: round.seedPair.id.toString(),
    nonce: round.seedPair.nonce,
    stakeMinor: round.stakeMinor.toString(),
    payoutMinor: round.payoutMinor.toString(),
    payoutCapped: round.payoutCapped,
    maxPayoutMinor: round.maxPayoutMinor.toString(),
    outcome: round.outcome ?? null,
    // Absent (SQL NULL) when the game has no view, as the single statement stores it.
    ...(round.view === undefined ? {} : { view: round.view }),
    settledAt: round.settledAt?.toISOString() ?? null,
    vassalage: input.vassalage,
    nodeId: place.nodeId.toString(),
    gameType: place.gameType,
    currency: place.currency,
    recordDetail: input.recordDetail,
    detailNeedsRoundId: input.detailNeedsRoundId,
    memberAccountId: accounts.memberAccountId.toString(),
    houseAccountId: accounts.houseAccountId.toString(),
    betCode: input.betCode,
    winCode: input.winCode,
  };
}

/**
 * Plays the decided instant rounds of concurrent requests in one statement and one commit
 * (`builtin_play_instant_rounds`): one result per input, in order.
 */
export async function playInstantRoundsWith(
  executor: Db,
  inputs: readonly InstantRoundInput[],
): Promise<InstantRoundResult[]> {
  const result = await sql<FunctionRow & { o_index: number }>`
    SELECT * FROM builtin_play_instant_rounds(${json(inputs.map(batchEntry))}::jsonb)
  `.execute(executor);
  const byIndex = new Map(result.rows.map((row) => [Number(row.o_index), row]));
  return inputs.map((input, index) => {
    const row = byIndex.get(index);
    return row ? resultOf(input, row) : { status: 'error' };
  });
}

/** Plays one decided instant round on `executor` (on its own: one autocommitted statement). */
export async function playInstantRoundWith(
  executor: Db,
  input: InstantRoundInput,
): Promise<InstantRoundResult> {
  const { round, place, accounts } = input;
  const pair = round.seedPair;
  const result = await sql<FunctionRow>`
    SELECT * FROM builtin_play_instant_round(
      ${round.merchantCode}, ${round.memberId}::bigint, ${round.gameCode},
      ${round.sessionTokenHash}, ${round.clientRoundId}, ${json(round.params)}::jsonb,
      ${round.paramsFingerprint}, ${pair.id.toString()}::bigint, ${pair.nonce}::integer,
      ${round.stakeMinor.toString()}::bigint, ${round.payoutMinor.toString()}::bigint,
      ${round.payoutCapped}, ${round.maxPayoutMinor.toString()}::bigint,
      ${json(round.outcome)}::jsonb,
      ${round.view === undefined ? null : json(round.view)}::jsonb, ${round.settledAt},
      ${input.vassalage}, ${place.nodeId.toString()}::bigint, ${place.gameType},
      ${place.currency}, ${json(input.recordDetail)}::jsonb, ${input.detailNeedsRoundId},
      ${accounts.memberAccountId.toString()}::bigint,
      ${accounts.houseAccountId.toString()}::bigint, ${input.betCode}, ${input.winCode}
    )
  `
    .execute(executor)
    .catch((error: unknown) => {
      const { code, detail } = error as { code?: string; detail?: string };
      if (code === UNFUNDED_SQLSTATE) throw new RoundUnfunded();
      if (code === ABOVE_MAX_BET_SQLSTATE) {
        throw new AppError('BONUS_MAX_BET_EXCEEDED', {
          maxBetAmount: minorToAmount(BigInt(detail ?? '0')),
        });
      }
      throw error;
    });
  const row = result.rows[0];
  if (!row) throw new Error('builtin_play_instant_round answered nothing');
  return resultOf(input, row);
}

export function createInstantRoundRepository(db: Db) {
  return {
    /** The member's active pair as it stands now (no lock: the round's statement checks it). */
    async activePair(memberId: bigint): Promise<SeedPair | undefined> {
      const row = await db
        .selectFrom('builtin_seed_pairs')
        .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
        .where('member_id', '=', memberId)
        .where('state', '=', 'active')
        .executeTakeFirst();
      return row ? toPair(row) : undefined;
    },
    /** The round's statement on its own (autocommitted): one round trip. */
    play: (input: InstantRoundInput) => playInstantRoundWith(db, input),
    playMany: (inputs: readonly InstantRoundInput[]) => playInstantRoundsWith(db, inputs),
    playWith: playInstantRoundWith,
  };
}

export type InstantRoundRepository = ReturnType<typeof createInstantRoundRepository>;
