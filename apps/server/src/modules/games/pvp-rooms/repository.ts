import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { listedGames, type StoredPvpRoom } from '../query/repository.js';

/** The rooms of the player-versus-player games. */
export function createPvpRoomsRepository(db: Db) {
  return {
    async pvpRooms(
      merchantCode: string,
      filters: { nodeId?: number | undefined; vassalage?: string | undefined },
    ): Promise<StoredPvpRoom[]> {
      let query = listedGames(db, merchantCode)
        .innerJoin('pvp_rooms as room', (join) =>
          join
            .onRef('room.node_id', '=', 'g.node_id')
            .onRef('room.merchant_code', '=', 'g.merchant_code'),
        )
        .where('room.enabled', '=', true);
      if (filters.nodeId !== undefined)
        query = query.where('g.node_id', '=', BigInt(filters.nodeId));
      if (filters.vassalage) query = query.where('g.vassalage', '=', filters.vassalage);
      const rows = await query
        .select([
          'room.room_id',
          'room.node_id',
          'g.vassalage',
          'room.names',
          'room.min_bet_minor',
          'room.max_bet_minor',
          'room.seats',
          'room.players',
          'room.closed',
        ])
        .orderBy('room.sort_order')
        .orderBy('room.room_id')
        .execute();
      return rows.map((row) => ({
        roomId: row.room_id,
        nodeId: Number(row.node_id),
        vassalage: row.vassalage,
        names: row.names,
        minBetMinor: row.min_bet_minor,
        maxBetMinor: row.max_bet_minor,
        seats: row.seats,
        players: row.players,
        closed: row.closed,
      }));
    },

    /** The seated players of a room as its provider reports them (capped at the seats). */
    async setPvpRoomPlayers(
      merchantCode: string,
      roomId: string,
      players: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('pvp_rooms')
        .set({ players: sql<number>`least(greatest(${players}::int, 0), seats)` })
        .where('merchant_code', '=', merchantCode)
        .where('room_id', '=', roomId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
