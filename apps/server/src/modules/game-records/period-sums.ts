import type { GameCategory } from '@app/contract';
import type { Db } from '../../db/database.js';
import { readInOneSnapshot } from '../../db/snapshot.js';
import { playRollupsReader, type RollupDayCell } from '../play-rollups/index.js';
import { createRoundRecords, type RawPart, type RoundFilter } from '../providers/index.js';

const HOUR_MS = 60 * 60 * 1000;

/** Sums of rounds; `refundedMinor` is what rollbacks gave back of the stakes. */
export interface RoundSums {
  rounds: number;
  stakeMinor: bigint;
  winMinor: bigint;
  refundedMinor: bigint;
}

export type DayCategorySums = RoundSums & { day: string; gameType: GameCategory };

/** PostgreSQL's answer to an unknown `AT TIME ZONE` name (invalid_parameter_value). */
const PG_INVALID_PARAMETER_VALUE = '22023';

export class UnknownTimeZoneError extends Error {}

const ceilHour = (time: Date) => new Date(Math.ceil(time.getTime() / HOUR_MS) * HOUR_MS);
const floorHour = (time: Date) => new Date(Math.floor(time.getTime() / HOUR_MS) * HOUR_MS);

/** A rollup cell in the records' terms: what the stake lost to refunds is stake - valid bet. */
function sumsOfRollup(cell: RollupDayCell): DayCategorySums {
  return {
    day: cell.day,
    gameType: cell.gameCategory as GameCategory,
    rounds: Number(cell.rounds),
    stakeMinor: cell.stakeMinor,
    winMinor: cell.winMinor,
    refundedMinor: cell.stakeMinor - cell.validBetMinor,
  };
}

/** Adds cells of the same day and category together, days then categories ascending. */
function mergeCells(cells: readonly DayCategorySums[]): DayCategorySums[] {
  const merged = new Map<string, DayCategorySums>();
  for (const cell of cells) {
    const key = `${cell.day}|${cell.gameType}`;
    const into = merged.get(key);
    if (!into) {
      merged.set(key, { ...cell });
      continue;
    }
    into.rounds += cell.rounds;
    into.stakeMinor += cell.stakeMinor;
    into.winMinor += cell.winMinor;
    into.refundedMinor += cell.refundedMinor;
  }
  return [...merged.values()].sort((a, b) =>
    a.day === b.day ? a.gameType.localeCompare(b.gameType) : a.day.localeCompare(b.day),
  );
}

/**
 * The rounds of `filter` summed per calendar day of `timeZone` (by start time) and category,
 * exactly, from the play rollups where they can answer and from the raw rounds elsewhere
 * (docs/games-records.md, "Totals and P&L from the rollups"):
 *
 * - the rollups hold settled rounds per UTC start hour, so they answer the whole hours of the
 *   range, except hours in which a day of `timeZone` ends (zones off by 30 or 45 minutes);
 * - the partial hours at both ends of the range and those split hours are read raw;
 * - open and cancelled rounds are never rolled up, so they are read raw (a partial index);
 * - settled rounds the consumer has not applied yet are read raw by key, all in one snapshot
 *   with the rollups and the consumer's checkpoint, so the sums are exact whatever the lag.
 *
 * A vendor filter (the rollups have no vendor) reads everything raw; so does a backlog of
 * more unapplied rounds than PLAY_ROLLUPS_UNAPPLIED_READ_MAX.
 */
export function sumPeriod(
  db: Db,
  filter: RoundFilter,
  timeZone: string,
): Promise<DayCategorySums[]> {
  return readInOneSnapshot(db, async (trx) => {
    try {
      return await sumInSnapshot(trx, filter, timeZone);
    } catch (error) {
      if ((error as { code?: string }).code === PG_INVALID_PARAMETER_VALUE) {
        throw new UnknownTimeZoneError(timeZone);
      }
      throw error;
    }
  });
}

async function sumInSnapshot(
  trx: Db,
  filter: RoundFilter,
  timeZone: string,
): Promise<DayCategorySums[]> {
  const rounds = createRoundRecords(trx);
  // The rollups hold no open or cancelled round: those filters read only the unsettled index.
  if (filter.status === 'open' || filter.status === 'cancelled') {
    return mergeCells(
      await rounds.rawSums(filter, { intervals: [], unappliedRounds: [] }, timeZone),
    );
  }
  const allRaw: RawPart = { intervals: [[filter.from, filter.to]], unappliedRounds: [] };
  const coreFrom = ceilHour(filter.from);
  const coreTo = floorHour(filter.to);
  if (filter.vassalage || coreFrom.getTime() >= coreTo.getTime()) {
    return mergeCells(await rounds.rawSums(filter, allRaw, timeZone));
  }
  const rollups = playRollupsReader(trx);
  const unapplied = await rollups.unappliedRounds(filter.merchantCode, filter.memberId);
  if (unapplied === null) return mergeCells(await rounds.rawSums(filter, allRaw, timeZone));
  const splitHours = await rollups.hoursSplitByDay(coreFrom, coreTo, timeZone);
  const rolledUp = await rollups.memberCellsByLocalDay({
    merchantCode: filter.merchantCode,
    memberId: filter.memberId,
    fromHour: coreFrom,
    toHour: coreTo,
    skipHours: splitHours,
    timeZone,
    gameCategory: filter.gameType,
  });
  const intervals: Array<readonly [Date, Date]> = [
    ...(filter.from < coreFrom ? [[filter.from, coreFrom] as const] : []),
    ...splitHours.map((hour) => [hour, new Date(hour.getTime() + HOUR_MS)] as const),
    ...(coreTo < filter.to ? [[coreTo, filter.to] as const] : []),
  ];
  const raw = await rounds.rawSums(filter, { intervals, unappliedRounds: unapplied }, timeZone);
  return mergeCells([...rolledUp.map(sumsOfRollup), ...raw]);
}
