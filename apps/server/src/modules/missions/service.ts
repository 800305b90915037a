import {
  type AdminMission,
  type LoyaltyRewardKind,
  MEMBER_MISSIONS_TOPIC,
  MISSION_LEADERBOARD_SIZE,
  MISSIONS_PER_MERCHANT_MAX,
  type Mission,
  type MissionGoalKind,
  type MissionPeriod,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import {
  memberTopicKey,
  REALTIME_NOTIFY_CHANNEL,
  realtimeNotifyPayload,
} from '../../realtime/index.js';
import type { AuditService } from '../audit/index.js';
import type { EventConsumer, StoredEvent } from '../events/index.js';
import type { MemberDirectory } from '../member/index.js';
import { TRIAL_MEMBER_TYPE } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import { boardRangeOf, periodEndOf, periodKeyOf } from './periods.js';
import {
  applyEvents,
  type MissionDefinition,
  type ProgressState,
  progressKey,
  touchedKeys,
} from './progress.js';
import { createMissionsRepository, type StoredProgress } from './repository.js';
import type { RewardPayer } from './reward-payer.js';
import {
  goalFromDisplay,
  goalToDisplay,
  maskName,
  rewardFromDisplay,
  rewardToDisplay,
} from './units.js';

export const MISSIONS_CONSUMER = 'missions-progress';
/** Events one progress batch takes: one read of the touched rows and one upsert. */
export const MISSIONS_BATCH_SIZE = 500;

export interface MissionSummary {
  claimableCount: number;
  missions: Mission[];
}

export interface MissionBoard {
  period: 'daily' | 'weekly';
  periodKey: string;
  list: { rank: number; name: string; score: number }[];
  mine: { rank: number; score: number } | null;
}

export interface MissionClaim {
  missionId: string;
  periodKey: string;
  rewardKind: LoyaltyRewardKind;
  rewardAmount: number;
  claimedAtMs: number;
}

/** The operator behind a console call. */
export interface LoyaltyActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
}

export interface MissionInput {
  id?: string | undefined;
  period: MissionPeriod;
  goalKind: MissionGoalKind;
  gameCategory: string | null;
  target: number;
  rewardKind: LoyaltyRewardKind;
  rewardAmount: number;
  titles: Record<string, string>;
  sortOrder: number;
}

/** A member's missions (SPEC §2 missionLeaderboard): progress, the board and claims. */
export interface MissionsService {
  /** Active missions with the member's progress in each one's current period. */
  summary(merchant: Merchant, memberId: bigint, language: string): Promise<MissionSummary>;
  /** Members ranked by missions completed in the current UTC day or week, names masked. */
  leaderboard(
    merchant: Merchant,
    memberId: bigint,
    period: 'daily' | 'weekly',
  ): Promise<MissionBoard>;
  /** Pays a completed mission's reward once, with the claim, in one transaction. */
  claim(
    merchant: Merchant,
    memberId: bigint,
    input: { missionId: string; periodKey: string },
  ): Promise<MissionClaim>;
}

/** The console's missions: list, create or edit, pause or start again; each change audited. */
export interface MissionsAdminService {
  list(actor: LoyaltyActor): Promise<{ list: AdminMission[] }>;
  save(actor: LoyaltyActor, input: MissionInput): Promise<AdminMission>;
  setStatus(
    actor: LoyaltyActor,
    input: { id: string; status: 'active' | 'paused' },
  ): Promise<AdminMission>;
}

function titleOf(mission: MissionDefinition, language: string, fallback: string): string {
  return (
    mission.titles[language] ??
    mission.titles[fallback] ??
    mission.titles.EN ??
    Object.values(mission.titles)[0] ??
    ''
  );
}

function missionView(
  mission: MissionDefinition,
  row: StoredProgress | undefined,
  periodKey: string,
  now: Date,
  text: { language: string; fallback: string },
): Mission {
  const completed = Boolean(row?.completedAt);
  const claimed = Boolean(row?.claimedAt);
  // A completed mission shows its goal reached, whatever a streak did afterwards.
  const progress = completed ? mission.target : (row?.progress ?? 0n);
  const resetsAt = periodEndOf(mission.period, now);
  return {
    missionId: mission.id.toString(),
    period: mission.period,
    goalKind: mission.goalKind,
    gameCategory: mission.gameCategory as Mission['gameCategory'],
    title: titleOf(mission, text.language, text.fallback),
    target: goalToDisplay(mission.goalKind, mission.target),
    progress: goalToDisplay(
      mission.goalKind,
      progress < mission.target ? progress : mission.target,
    ),
    completed,
    claimed,
    claimable: completed && !claimed,
    rewardKind: mission.rewardKind,
    rewardAmount: rewardToDisplay(mission.rewardKind, mission.rewardAmount),
    periodKey,
    resetsAtMs: resetsAt ? resetsAt.getTime() : null,
  };
}

export function adminMissionView(mission: MissionDefinition): AdminMission {
  return {
    id: mission.id.toString(),
    period: mission.period,
    goalKind: mission.goalKind,
    gameCategory: mission.gameCategory as AdminMission['gameCategory'],
    target: goalToDisplay(mission.goalKind, mission.target),
    rewardKind: mission.rewardKind,
    rewardAmount: rewardToDisplay(mission.rewardKind, mission.rewardAmount),
    titles: mission.titles,
    status: mission.status,
    sortOrder: mission.sortOrder,
    updatedAtMs: mission.updatedAt.getTime(),
  };
}

/** The claim's ledger transfer (or points credit) id: one per mission, member and period. */
export function missionRewardTransferId(
  missionId: bigint,
  memberId: bigint,
  periodKey: string,
): string {
  return `mission:${missionId}:${memberId}:${periodKey}`;
}

function notFound(): AppError {
  return new AppError('MISSION_NOT_FOUND');
}

function idOf(text: string): bigint {
  return BigInt(text);
}

/** One realtime nudge per merchant and member among the progress rows a batch changed. */
export function missionNudges(
  states: readonly { merchantCode: string; memberId: bigint }[],
): string[] {
  const members = new Map(
    states.map((state) => [`${state.merchantCode}:${state.memberId}`, state] as const),
  );
  return [...members.values()].map((state) =>
    realtimeNotifyPayload({
      merchantCode: state.merchantCode,
      topic: memberTopicKey(state.memberId.toString(), MEMBER_MISSIONS_TOPIC),
      data: { reason: 'progress' },
    }),
  );
}

/**
 * Missions: the event consumer that keeps progress current (settled rounds, credited deposits,
 * logins, in batches, exactly once through the stream's checkpoint), the member's calls and
 * the console's.
 */
export function createMissions(
  db: Db,
  deps: {
    unitOfWork: UnitOfWork;
    rewards: RewardPayer;
    audit: AuditService;
    directory: MemberDirectory;
    now?: () => Date;
    /** The realtime hub's NOTIFY channel (tests listen on their own). */
    channel?: string;
  },
) {
  const repository = createMissionsRepository(db);
  const channel = deps.channel ?? REALTIME_NOTIFY_CHANNEL;
  const now = deps.now ?? (() => new Date());

  async function apply(trx: Db, events: StoredEvent[]): Promise<void> {
    const counted = events.filter((event) => event.memberId !== null);
    if (counted.length === 0) return;
    const trxRepository = createMissionsRepository(trx);
    const missions = await trxRepository.activeOf([
      ...new Set(counted.map((event) => event.merchantCode)),
    ]);
    if (missions.length === 0) return;
    // Trial accounts play with demo money: they earn no missions and stay off the board.
    const members = await deps.directory.byIds([
      ...new Set(counted.map((event) => event.memberId as bigint)),
    ]);
    const real = counted.filter(
      (event) => members.get(event.memberId as bigint)?.type !== TRIAL_MEMBER_TYPE,
    );
    const keys = touchedKeys(missions, real);
    const stored = await trxRepository.progressOf(keys);
    const current = new Map<string, ProgressState>(
      stored.map((row) => [progressKey(row.missionId, row.memberId, row.periodKey), row]),
    );
    const changed = applyEvents(missions, real, current);
    await trxRepository.saveProgress(changed);
    // The badge is pushed, not polled: one nudge per member whose progress changed, sent by
    // PostgreSQL when the batch (and its checkpoint) commits, never for a rolled-back batch.
    await trxRepository.notify(channel, missionNudges(changed));
  }

  const consumer: EventConsumer = {
    name: MISSIONS_CONSUMER,
    batchSize: MISSIONS_BATCH_SIZE,
    types: ['round.settled', 'deposit.credited', 'member.logged-in'],
    apply,
  };

  const service: MissionsService = {
    async summary(merchant, memberId, language) {
      const at = now();
      const missions = await repository.activeOf([merchant.code]);
      const keys = [...new Set(missions.map((mission) => periodKeyOf(mission.period, at)))];
      const rows = keys.length === 0 ? [] : await repository.memberProgress(memberId, keys);
      const byMission = new Map(rows.map((row) => [`${row.missionId}|${row.periodKey}`, row]));
      const views = missions.map((mission) => {
        const periodKey = periodKeyOf(mission.period, at);
        return missionView(mission, byMission.get(`${mission.id}|${periodKey}`), periodKey, at, {
          language,
          fallback: merchant.defaultLanguage,
        });
      });
      return {
        claimableCount: views.filter((view) => view.claimable).length,
        missions: views,
      };
    },

    async leaderboard(merchant, memberId, period) {
      const at = now();
      const rows = await repository.board(
        merchant.code,
        boardRangeOf(period, at),
        MISSION_LEADERBOARD_SIZE,
        memberId,
      );
      const names = await deps.directory.byIds(rows.map((row) => row.memberId));
      const own = rows.find((row) => row.memberId === memberId);
      return {
        period,
        periodKey: periodKeyOf(period, at),
        list: rows
          .filter((row) => row.rank <= MISSION_LEADERBOARD_SIZE)
          .map((row) => ({
            rank: row.rank,
            name: maskName(names.get(row.memberId)?.username ?? ''),
            score: row.score,
          })),
        mine: own ? { rank: own.rank, score: own.score } : null,
      };
    },

    async claim(merchant, memberId, input) {
      const missionId = idOf(input.missionId);
      return deps.unitOfWork(async (trx) => {
        const trxRepository = createMissionsRepository(trx);
        const mission = await trxRepository.find(merchant.code, missionId);
        if (!mission) throw notFound();
        // Only the current period can be claimed: a day's reward is claimed that day.
        if (input.periodKey !== periodKeyOf(mission.period, now())) {
          throw new AppError('MISSION_NOT_CLAIMABLE');
        }
        const row = await trxRepository.lockProgress(missionId, memberId, input.periodKey);
        if (!row?.completedAt) throw new AppError('MISSION_NOT_CLAIMABLE');
        const answer = (claimedAt: Date): MissionClaim => ({
          missionId: input.missionId,
          periodKey: input.periodKey,
          rewardKind: mission.rewardKind,
          rewardAmount: rewardToDisplay(mission.rewardKind, mission.rewardAmount),
          claimedAtMs: claimedAt.getTime(),
        });
        // A repeated claim (a double click, a retry) answers the first one; nothing moves.
        if (row.claimedAt) return answer(row.claimedAt);
        const transferId = missionRewardTransferId(missionId, memberId, input.periodKey);
        await deps.rewards.payWithin(trx, {
          merchantCode: merchant.code,
          currency: merchant.currency,
          memberId,
          kind: mission.rewardKind,
          amount: mission.rewardAmount,
          transferId,
          reason: 'mission',
          remark: `mission:${missionId}:${input.periodKey}`,
        });
        const claimedAt = now();
        await trxRepository.markClaimed(missionId, memberId, input.periodKey, {
          claimedAt,
          rewardTransferId: transferId,
        });
        return answer(claimedAt);
      });
    },
  };

  function valuesOf(input: MissionInput) {
    if (!deps.rewards.supports(input.rewardKind)) {
      throw new AppError('MISSION_REWARD_KIND_UNAVAILABLE');
    }
    const roundsOnly = ['bet-count', 'wager', 'win-multiplier'].includes(input.goalKind);
    return {
      period: input.period,
      goalKind: input.goalKind,
      gameCategory: roundsOnly ? input.gameCategory : null,
      target: goalFromDisplay(input.goalKind, input.target),
      rewardKind: input.rewardKind,
      rewardAmount: rewardFromDisplay(input.rewardKind, input.rewardAmount, 'rewardAmount'),
      titles: input.titles,
      sortOrder: input.sortOrder,
    };
  }

  function auditFields(actor: LoyaltyActor) {
    return {
      merchantCode: actor.merchantCode,
      operatorId: actor.operatorId,
      operatorUsername: actor.operatorUsername,
      operatorRole: actor.operatorRole,
      ip: actor.ip,
    };
  }

  const admin: MissionsAdminService = {
    async list(actor) {
      const missions = await repository.allOf(actor.merchantCode, MISSIONS_PER_MERCHANT_MAX);
      return { list: missions.map(adminMissionView) };
    },

    async save(actor, input) {
      const values = valuesOf(input);
      return deps.unitOfWork(async (trx) => {
        const trxRepository = createMissionsRepository(trx);
        const before =
          input.id === undefined
            ? undefined
            : await trxRepository.find(actor.merchantCode, idOf(input.id));
        if (input.id !== undefined && !before) throw notFound();
        if (
          !before &&
          (await trxRepository.countOf(actor.merchantCode)) >= MISSIONS_PER_MERCHANT_MAX
        ) {
          throw new AppError('MISSIONS_LIMIT_REACHED');
        }
        const after = before
          ? await trxRepository.update(actor.merchantCode, before.id, values)
          : await trxRepository.insert(actor.merchantCode, values);
        if (!after) throw notFound();
        await deps.audit.recordWithin(trx, {
          ...auditFields(actor),
          action: before ? 'mission.update' : 'mission.create',
          subjectType: 'mission',
          subjectId: after.id.toString(),
          before: before ? adminMissionView(before) : null,
          after: adminMissionView(after),
        });
        return adminMissionView(after);
      });
    },

    async setStatus(actor, input) {
      return deps.unitOfWork(async (trx) => {
        const trxRepository = createMissionsRepository(trx);
        const before = await trxRepository.find(actor.merchantCode, idOf(input.id));
        if (!before) throw notFound();
        const after = await trxRepository.update(actor.merchantCode, before.id, {
          status: input.status,
        });
        if (!after) throw notFound();
        await deps.audit.recordWithin(trx, {
          ...auditFields(actor),
          action: input.status === 'paused' ? 'mission.pause' : 'mission.resume',
          subjectType: 'mission',
          subjectId: after.id.toString(),
          before: { status: before.status },
          after: { status: after.status },
        });
        return adminMissionView(after);
      });
    },
  };

  return { consumer, service, admin };
}
