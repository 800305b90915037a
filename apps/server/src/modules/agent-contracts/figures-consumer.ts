import type { Db } from '../../db/database.js';
import type { EventConsumer, EventPayload, StoredEvent } from '../events/index.js';
import type { UplineLink } from '../member/index.js';
import { REALTIME_WINDOW_MS } from './periods.js';
import type { AgentContractsRepository } from './repository.js';
import type { CategoryFiguresCell, FiguresCell } from './team-figures.repository.js';

export const AGENT_FIGURES_CONSUMER = 'agent-contract-figures';
/** Rounds one batch takes: one transaction, one chain query, two upserts. */
export const AGENT_FIGURES_BATCH_SIZE = 500;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type SettledRound = EventPayload<'round.settled'>;

const floorTo = (time: Date, stepMs: number) =>
  new Date(Math.floor(time.getTime() / stepMs) * stepMs);

/**
 * Team figures for settlement: each settled round counts, at its settlement time, for every agent
 * in the bettor's chain (the bettor too when it is an agent), per 5-minute bucket (the real-time
 * window; hours, days and longer periods are sums of buckets), and the bettor is active in each
 * of those teams for that hour.
 */
export function createFiguresConsumer(deps: {
  repository: AgentContractsRepository;
  uplineChainsOf: (executor: Db, memberIds: readonly bigint[]) => Promise<UplineLink[]>;
  agentTypes: readonly number[];
}): EventConsumer {
  async function apply(trx: Db, events: StoredEvent[]): Promise<void> {
    const rounds = events.flatMap((event) =>
      event.type === 'round.settled' ? [event.payload as SettledRound] : [],
    );
    if (rounds.length === 0) return;
    const memberIds = [...new Set(rounds.map((round) => BigInt(round.memberId)))];
    const links = await deps.uplineChainsOf(trx, memberIds);
    const agentsOf = new Map<bigint, bigint[]>();
    for (const link of links) {
      if (!deps.agentTypes.includes(link.ancestorType)) continue;
      agentsOf.set(link.memberId, [...(agentsOf.get(link.memberId) ?? []), link.ancestorId]);
    }
    const cells = new Map<string, FiguresCell>();
    const active = new Map<string, { agentMemberId: bigint; hour: Date; memberId: bigint }>();
    const categoryCells = new Map<string, CategoryFiguresCell>();
    for (const round of rounds) {
      const memberId = BigInt(round.memberId);
      const settledAt = new Date(round.settledAt);
      const bucketStart = floorTo(settledAt, REALTIME_WINDOW_MS);
      const hour = floorTo(settledAt, HOUR_MS);
      const day = floorTo(settledAt, DAY_MS);
      const validBetMinor = BigInt(round.validBetMinor);
      const winMinor = BigInt(round.winMinor);
      const won = winMinor > validBetMinor;
      for (const agentMemberId of agentsOf.get(memberId) ?? []) {
        const key = `${agentMemberId}|${bucketStart.getTime()}|${round.currency}`;
        const cell = cells.get(key) ?? {
          agentMemberId,
          bucketStart,
          currency: round.currency,
          merchantCode: round.merchantCode,
          rounds: 0n,
          betMinor: 0n,
          validBetMinor: 0n,
          winMinor: 0n,
          wonValidBetMinor: 0n,
          lostValidBetMinor: 0n,
        };
        cell.rounds += 1n;
        cell.betMinor += BigInt(round.stakeMinor);
        cell.validBetMinor += validBetMinor;
        cell.winMinor += winMinor;
        if (won) cell.wonValidBetMinor += validBetMinor;
        else cell.lostValidBetMinor += validBetMinor;
        cells.set(key, cell);
        const categoryKey = `${agentMemberId}|${day.getTime()}|${round.currency}|${round.gameCategory}`;
        const categoryCell = categoryCells.get(categoryKey) ?? {
          agentMemberId,
          dayStart: day,
          currency: round.currency,
          gameCategory: round.gameCategory,
          merchantCode: round.merchantCode,
          validBetMinor: 0n,
        };
        categoryCell.validBetMinor += validBetMinor;
        categoryCells.set(categoryKey, categoryCell);
        active.set(`${agentMemberId}|${hour.getTime()}|${memberId}`, {
          agentMemberId,
          hour,
          memberId,
        });
      }
    }
    await deps.repository.addFigures(trx, [...cells.values()]);
    await deps.repository.addActive(trx, [...active.values()]);
    await deps.repository.addCategoryFigures(trx, [...categoryCells.values()]);
  }

  return {
    name: AGENT_FIGURES_CONSUMER,
    batchSize: AGENT_FIGURES_BATCH_SIZE,
    types: ['round.settled'],
    apply,
  };
}
