import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** A game's code and its name in the asked language, else the fallback, else the code. */
export interface GameName {
  gameCode: string;
  name: string;
}

/**
 * Names of games and vendors for pages that list rounds (the betting records): looked up by id
 * for the rows of one page, so the round queries need not join the catalogue.
 */
export function createGameNames(db: Db) {
  return {
    /** Each known node's code and name; unknown ids are absent. */
    async gameNames(
      nodeIds: readonly bigint[],
      language: string,
      fallbackLanguage: string,
    ): Promise<Map<bigint, GameName>> {
      if (nodeIds.length === 0) return new Map();
      const result = await sql<{ node_id: string; game_code: string; name: string }>`
        SELECT g.node_id::text AS node_id, g.game_code,
          coalesce(asked.name, fallback.name, g.game_code) AS name
        FROM games g
        LEFT JOIN game_texts asked ON asked.node_id = g.node_id AND asked.language = ${language}
        LEFT JOIN game_texts fallback
          ON fallback.node_id = g.node_id AND fallback.language = ${fallbackLanguage}
        WHERE g.node_id = ANY(${nodeIds.map(String)}::bigint[])
      `.execute(db);
      return new Map(
        result.rows.map((row) => [
          BigInt(row.node_id),
          { gameCode: row.game_code, name: row.name },
        ]),
      );
    },

    /** Each vassalage's name at the merchant: its vendor's, else its provider's, else itself. */
    async vendorNames(
      merchantCode: string,
      vassalages: readonly string[],
    ): Promise<Map<string, string>> {
      if (vassalages.length === 0) return new Map();
      const result = await sql<{ vassalage: string; name: string }>`
        SELECT v.vassalage, coalesce(gv.name, gp.name, v.vassalage) AS name
        FROM unnest(${[...new Set(vassalages)]}::text[]) AS v (vassalage)
        LEFT JOIN game_vendors gv ON gv.merchant_code = ${merchantCode} AND gv.vassalage = v.vassalage
        LEFT JOIN game_providers gp ON gp.code = v.vassalage
      `.execute(db);
      return new Map(result.rows.map((row) => [row.vassalage, row.name]));
    },
  };
}

export type GameNames = ReturnType<typeof createGameNames>;
