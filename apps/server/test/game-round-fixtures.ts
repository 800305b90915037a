/**
 * Test fixture: game rounds written straight into the database, as the providers module would
 * leave them (a settled round with its `round.settled` event), for the records' medium tests and the e2e journey. Each helper answers plain
 * `{text, values}` queries, so a Kysely database (`runFixtureQueries`) and a `pg` client alike
 * can run them.
 */
import type { GameCategory, GameRoundStatus } from '@app/contract';
import { CompiledQuery } from 'kysely';
import type { Db } from '../src/db/database.js';

export interface FixtureQuery {
  text: string;
  values: unknown[];
}

export interface FixtureGame {
  merchantCode: string;
  vassalage: string;
  vendorName: string;
  gameCode: string;
  gameType: GameCategory;
  /** Names by language code (EN, VI, ...). */
  names: Record<string, string>;
}

/** The provider, the merchant's vendor and the game, each only when missing. */
export function fixtureGameQueries(game: FixtureGame): FixtureQuery[] {
  return [
    {
      text: `INSERT INTO game_providers (code, name, integration, wallet_mode, launch_url)
        VALUES ($1, $2, 'builtin', 'seamless', '/fixture/play') ON CONFLICT DO NOTHING`,
      values: [game.vassalage, game.vendorName],
    },
    {
      text: `INSERT INTO game_vendors (merchant_code, vassalage, name) VALUES ($1, $2, $3)
        ON CONFLICT DO NOTHING`,
      values: [game.merchantCode, game.vassalage, game.vendorName],
    },
    {
      text: `INSERT INTO games (merchant_code, vassalage, game_code, game_type, icon_url)
        VALUES ($1, $2, $3, $4, '/fixture/icon.png') ON CONFLICT DO NOTHING`,
      values: [game.merchantCode, game.vassalage, game.gameCode, game.gameType],
    },
    ...Object.entries(game.names).map(([language, name]) => ({
      text: `INSERT INTO game_texts (node_id, language, name)
        SELECT node_id, $4, $5 FROM games WHERE merchant_code = $1 AND vassalage = $2 AND game_code = $3
        ON CONFLICT DO NOTHING`,
      values: [game.merchantCode, game.vassalage, game.gameCode, language, name],
    })),
  ];
}

export interface FixtureRound {
  merchantCode: string;
  memberId: bigint | string;
  vassalage: string;
  gameCode: string;
  gameType: GameCategory;
  roundRef: string;
  stakeMinor: bigint;
  winMinor?: bigint;
  refundedMinor?: bigint;
  status?: GameRoundStatus;
  startedAt: Date;
  /** Default: startedAt plus a minute when the status is not open. */
  settledAt?: Date | null;
  detail?: Record<string, unknown>;
  currency?: string;
}

/** One round of a game made by `fixtureGameQueries`. */
export function fixtureRoundQuery(round: FixtureRound): FixtureQuery {
  const status = round.status ?? 'settled';
  const settledAt =
    round.settledAt !== undefined
      ? round.settledAt
      : status === 'open'
        ? null
        : new Date(round.startedAt.getTime() + 60_000);
  return {
    // A settled round gets its `round.settled` event in the same statement, as the providers
    // module appends it in the settling transaction (providers/rounds/repository.ts).
    text: `WITH r AS (
        INSERT INTO game_rounds (merchant_code, member_id, vassalage, node_id, game_type, round_ref,
          currency, status, stake_minor, win_minor, refunded_minor, detail, started_at, settled_at)
        VALUES ($1, $2, $3,
          (SELECT node_id FROM games WHERE merchant_code = $1 AND vassalage = $3 AND game_code = $4),
          $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14)
        RETURNING *
      ), settled AS (
        INSERT INTO events (type, merchant_code, member_id, payload)
        SELECT 'round.settled', r.merchant_code, r.member_id, jsonb_build_object(
          'memberId', r.member_id::text, 'merchantCode', r.merchant_code,
          'vassalage', r.vassalage,
          'gameCode', (SELECT g.game_code FROM games g WHERE g.node_id = r.node_id),
          'gameCategory', r.game_type, 'roundRef', r.round_ref, 'currency', r.currency,
          'stakeMinor', r.stake_minor::text,
          'validBetMinor', greatest(r.stake_minor - r.refunded_minor, 0)::text,
          'winMinor', r.win_minor::text,
          'settledAt', to_char(coalesce(r.settled_at, now()) AT TIME ZONE 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        FROM r WHERE r.status = 'settled'
      )
      SELECT id FROM r`,
    values: [
      round.merchantCode,
      round.memberId.toString(),
      round.vassalage,
      round.gameCode,
      round.gameType,
      round.roundRef,
      round.currency ?? 'VND',
      status,
      round.stakeMinor.toString(),
      (round.winMinor ?? 0n).toString(),
      (round.refundedMinor ?? 0n).toString(),
      JSON.stringify(round.detail ?? {}),
      round.startedAt,
      settledAt,
    ],
  };
}

/** Runs fixture queries in order on a Kysely database; answers the ids of inserted rounds. */
export async function runFixtureQueries(db: Db, queries: FixtureQuery[]): Promise<string[]> {
  const ids: string[] = [];
  for (const query of queries) {
    const result = await db.executeQuery<{ id?: string }>(
      CompiledQuery.raw(query.text, query.values),
    );
    for (const row of result.rows) if (row.id !== undefined) ids.push(String(row.id));
  }
  return ids;
}
