import type { GameCategory } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** A game's catalogue entry as a game engine needs it for every round. */
export interface StoredGameEntry {
  nodeId: bigint;
  merchantCode: string;
  vassalage: string;
  gameCode: string;
  gameType: GameCategory;
  /** The game, its vendor and its provider are all enabled (a missing vendor or provider row does not count against it). */
  listed: boolean;
  /** The game's name by language code (as stored, e.g. `EN`). */
  names: Record<string, string>;
}

/** One game's entry with its enabled state and names, in one statement. */
export function createGameEntriesRepository(db: Db) {
  return {
    async gameEntry(nodeId: bigint): Promise<StoredGameEntry | undefined> {
      const row = await db
        .selectFrom('games as g')
        .leftJoin('game_vendors as v', (join) =>
          join
            .onRef('v.merchant_code', '=', 'g.merchant_code')
            .onRef('v.vassalage', '=', 'g.vassalage'),
        )
        .leftJoin('game_providers as p', 'p.code', 'g.vassalage')
        .select([
          'g.node_id',
          'g.merchant_code',
          'g.vassalage',
          'g.game_code',
          'g.game_type',
          // A game whose vendor or provider row is missing is judged by its own flag.
          sql<boolean>`g.enabled AND coalesce(v.enabled, true) AND coalesce(p.enabled, true)`.as(
            'listed',
          ),
          sql<Record<string, string> | null>`(
            SELECT jsonb_object_agg(t.language, t.name) FROM game_texts t WHERE t.node_id = g.node_id
          )`.as('names'),
        ])
        .where('g.node_id', '=', nodeId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        nodeId: row.node_id,
        merchantCode: row.merchant_code,
        vassalage: row.vassalage,
        gameCode: row.game_code,
        gameType: row.game_type,
        listed: row.listed,
        names: row.names ?? {},
      };
    },
  };
}
