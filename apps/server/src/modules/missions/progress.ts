import type { LoyaltyRewardKind, MissionGoalKind, MissionPeriod } from '@app/contract';
import type { StoredEvent } from '../events/index.js';
import { dayBefore, periodKeyOf, utcDayOf } from './periods.js';

/** A merchant's mission as the consumer and the calls read it. */
export interface MissionDefinition {
  id: bigint;
  merchantCode: string;
  period: MissionPeriod;
  goalKind: MissionGoalKind;
  gameCategory: string | null;
  /** Count, minor units (wager, deposit), days, or hundredths of a multiplier. */
  target: bigint;
  rewardKind: LoyaltyRewardKind;
  /** Minor units for cash and bonus, whole points for points. */
  rewardAmount: bigint;
  titles: Record<string, string>;
  status: 'active' | 'paused';
  sortOrder: number;
  updatedAt: Date;
}

/** One member's progress on one mission in one period. */
export interface ProgressState {
  missionId: bigint;
  memberId: bigint;
  periodKey: string;
  merchantCode: string;
  progress: bigint;
  /** The last UTC day with a login (login streaks only), YYYY-MM-DD. */
  lastLoginDay: string | null;
  completedAt: Date | null;
}

/** Hundredths: a win multiplier of 10x is 1000. */
export const MULTIPLIER_SCALE = 100n;

export function progressKey(missionId: bigint, memberId: bigint, periodKey: string): string {
  return `${missionId}|${memberId}|${periodKey}`;
}

/** The progress row an event touches for a mission, with the period of the event's time. */
export function keyOf(mission: MissionDefinition, memberId: bigint, time: Date) {
  return { missionId: mission.id, memberId, periodKey: periodKeyOf(mission.period, time) };
}

/** Does this event count for this mission at all? */
export function counts(mission: MissionDefinition, event: StoredEvent): boolean {
  if (event.merchantCode !== mission.merchantCode || event.memberId === null) return false;
  switch (mission.goalKind) {
    case 'bet-count':
    case 'wager':
    case 'win-multiplier':
      return (
        event.type === 'round.settled' &&
        (mission.gameCategory === null || event.payload.gameCategory === mission.gameCategory)
      );
    case 'deposit':
      return event.type === 'deposit.credited';
    case 'login-streak':
      return event.type === 'member.logged-in';
  }
}

/** The progress after one event; the state is left as it is once the mission is completed. */
export function advance(
  mission: MissionDefinition,
  state: ProgressState,
  event: StoredEvent,
): ProgressState {
  if (state.completedAt !== null) return state;
  let { progress, lastLoginDay } = state;
  if (event.type === 'round.settled') {
    const validBetMinor = BigInt(event.payload.validBetMinor);
    if (mission.goalKind === 'bet-count') progress += 1n;
    if (mission.goalKind === 'wager') progress += validBetMinor;
    if (mission.goalKind === 'win-multiplier' && validBetMinor > 0n) {
      const multiplier = (BigInt(event.payload.winMinor) * MULTIPLIER_SCALE) / validBetMinor;
      if (multiplier > progress) progress = multiplier;
    }
  } else if (event.type === 'deposit.credited') {
    progress += BigInt(event.payload.amountMinor);
  } else if (event.type === 'member.logged-in') {
    const day = utcDayOf(event.occurredAt);
    if (lastLoginDay === day) return state;
    progress = lastLoginDay === dayBefore(day) ? progress + 1n : 1n;
    lastLoginDay = day;
  }
  const completedAt = progress >= mission.target ? event.occurredAt : null;
  return { ...state, progress, lastLoginDay, completedAt };
}

/**
 * Applies a batch of events, in stream order, to the progress rows it touches: `current` holds
 * the stored rows of those keys; the answer is every row that changed. Pure, so the consumer's
 * exactness is tested without a database.
 */
export function applyEvents(
  missions: readonly MissionDefinition[],
  events: readonly StoredEvent[],
  current: ReadonlyMap<string, ProgressState>,
): ProgressState[] {
  const states = new Map(current);
  const changed = new Set<string>();
  for (const event of events) {
    for (const mission of missions) {
      if (!counts(mission, event)) continue;
      const { missionId, memberId, periodKey } = keyOf(
        mission,
        event.memberId as bigint,
        event.occurredAt,
      );
      const key = progressKey(missionId, memberId, periodKey);
      const before = states.get(key) ?? {
        missionId,
        memberId,
        periodKey,
        merchantCode: mission.merchantCode,
        progress: 0n,
        lastLoginDay: null,
        completedAt: null,
      };
      const after = advance(mission, before, event);
      if (after !== before) {
        states.set(key, after);
        changed.add(key);
      }
    }
  }
  return [...changed].map((key) => states.get(key) as ProgressState);
}

/** The progress keys a batch may touch, to read their stored rows first. */
export function touchedKeys(
  missions: readonly MissionDefinition[],
  events: readonly StoredEvent[],
) {
  const keys = new Map<string, { missionId: bigint; memberId: bigint; periodKey: string }>();
  for (const event of events) {
    for (const mission of missions) {
      if (!counts(mission, event)) continue;
      const key = keyOf(mission, event.memberId as bigint, event.occurredAt);
      keys.set(progressKey(key.missionId, key.memberId, key.periodKey), key);
    }
  }
  return [...keys.values()];
}
