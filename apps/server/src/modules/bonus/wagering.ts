import type { Db } from '../../db/database.js';
import type { EventConsumer, EventPayload, StoredEvent } from '../events/index.js';
import type { BonusRepository } from './repository.js';
import { closeBonusWithin, type TransitionDeps } from './transitions.js';
import type { Bonus } from './types.js';
import { weightedMinor } from './weights.js';

/** Settled rounds one wagering batch takes (one transaction). */
export const BONUS_WAGERING_BATCH_SIZE = 500;
export const BONUS_WAGERING_CONSUMER = 'bonus-wagering';

type SettledRound = EventPayload<'round.settled'>;

/**
 * Whether a settled round counts toward a bonus: same currency, settled while the bonus was
 * open (at or after its grant, before its expiry).
 */
function counts(bonus: Bonus, round: SettledRound): boolean {
  const settledAtMs = Date.parse(round.settledAt);
  return (
    bonus.currency === round.currency &&
    settledAtMs >= bonus.grantedAt.getTime() &&
    settledAtMs < bonus.expiresAt.getTime()
  );
}

/**
 * Adds one round's weighted valid bet to the member's open bonuses, oldest first: the oldest
 * takes what it still needs, the rest carries to the next, so one bet never counts twice.
 * Mutates `progress` (by bonus id).
 */
export function addRound(
  bonuses: readonly Bonus[],
  progress: Map<bigint, bigint>,
  round: SettledRound,
): void {
  const validBetMinor = BigInt(round.validBetMinor);
  if (validBetMinor <= 0n) return;
  let leftMinor = validBetMinor;
  for (const bonus of bonuses) {
    if (leftMinor <= 0n) break;
    if (!counts(bonus, round)) continue;
    const done = progress.get(bonus.id) ?? bonus.progressMinor;
    const needed = bonus.requirementMinor - done;
    if (needed <= 0n) continue;
    const weight = bonus.categoryWeights[round.gameCategory] ?? 0;
    // The bet's weighted part; what this bonus does not need goes on to the next one.
    const added = weightedMinor(leftMinor, weight);
    if (added === 0n) continue;
    const taken = added < needed ? added : needed;
    progress.set(bonus.id, done + taken);
    // Back to unweighted money: the part of the bet this bonus used up.
    const usedMinor =
      taken === added ? leftMinor : (taken * 100n + BigInt(weight) - 1n) / BigInt(weight);
    leftMinor -= usedMinor < leftMinor ? usedMinor : leftMinor;
  }
}

/**
 * The wagering consumer: reads `round.settled` in batches and moves the progress of the
 * members' open bonuses; a bonus whose requirement is met converts to cash in the same
 * transaction (one ledger transfer, status, event). Refunds and rollbacks need no handling:
 * the settled round's valid bet is already the stake less refunds.
 */
export function createWageringConsumer(
  deps: TransitionDeps & { repository: BonusRepository },
): EventConsumer {
  async function apply(trx: Db, events: StoredEvent[]): Promise<void> {
    const rounds = events.flatMap((event) =>
      event.type === 'round.settled' ? [event.payload as SettledRound] : [],
    );
    if (rounds.length === 0) return;
    const memberIds = [...new Set(rounds.map((round) => BigInt(round.memberId)))];
    const open = await deps.repository.lockWagering(trx, memberIds);
    if (open.length === 0) return;
    const byMember = new Map<string, Bonus[]>();
    for (const bonus of open) {
      const list = byMember.get(bonus.memberId.toString()) ?? [];
      list.push(bonus);
      byMember.set(bonus.memberId.toString(), list);
    }
    const progress = new Map<bigint, bigint>();
    for (const round of rounds) {
      const bonuses = byMember.get(round.memberId);
      if (bonuses) addRound(bonuses, progress, round);
    }
    const changed = open.filter((bonus) => progress.has(bonus.id));
    await deps.repository.setProgress(
      trx,
      changed.map((bonus) => ({ id: bonus.id, progressMinor: progress.get(bonus.id) ?? 0n })),
    );
    for (const bonus of changed) {
      const progressMinor = progress.get(bonus.id) ?? 0n;
      if (progressMinor >= bonus.requirementMinor) {
        await closeBonusWithin(deps, trx, { ...bonus, progressMinor }, 'converted');
      }
    }
  }

  return {
    name: BONUS_WAGERING_CONSUMER,
    batchSize: BONUS_WAGERING_BATCH_SIZE,
    types: ['round.settled'],
    apply,
  };
}
