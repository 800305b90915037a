import { type AdminVipRanks, amountToMinor, type MemberInfo, minorToAmount } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import { VIP_DEFAULT_WINDOW_DAYS } from './consumer.js';
import type { VipRank, VipRepository } from './repository.js';

/** SPEC §4 and §9: VIP customer service is for club ranks above this level. */
export const VIP_SERVICE_RANK_ABOVE = 4;

/** Who acts, as the audit log records them. */
export interface VipActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string | null;
}

export interface VipService {
  /** The member's club rank level; 0 when the member has none. */
  rankLevelOf(memberId: bigint): Promise<number>;
  /** Whether the member gets VIP customer service (rank above 4). */
  hasVipService(memberId: bigint): Promise<boolean>;
  /** The member info's `clubLabel`: null without a rank. */
  clubLabelOf(memberId: bigint): Promise<MemberInfo['clubLabel']>;
  /** Re-places every member by the window (the daily job: ranks fall as activity ages out). */
  reevaluateAll(): Promise<number>;
  ranks(actor: VipActor): Promise<AdminVipRanks>;
  saveRanks(actor: VipActor, input: AdminVipRanks): Promise<AdminVipRanks>;
}

/** Levels unique, and a higher level never asks for less than a lower one. */
function checkRanks(ranks: readonly VipRank[]): void {
  const sorted = [...ranks].sort((a, b) => a.rankLevel - b.rankLevel);
  for (const [index, rank] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (!previous) continue;
    if (
      previous.rankLevel === rank.rankLevel ||
      previous.minTurnoverMinor > rank.minTurnoverMinor ||
      previous.minDepositMinor > rank.minDepositMinor
    ) {
      throw new AppError('VIP_RANKS_INVALID', { field: 'ranks' });
    }
  }
}

export function createVipService(
  db: Db,
  deps: { repository: VipRepository; audit: AuditService },
): VipService {
  const { repository, audit } = deps;

  async function ranksOf(executor: Db, merchantCode: string): Promise<AdminVipRanks> {
    const [ranks, windowDays] = await Promise.all([
      repository.ranks(executor, merchantCode),
      repository.windowDays(executor, merchantCode),
    ]);
    return {
      windowDays: windowDays ?? VIP_DEFAULT_WINDOW_DAYS,
      ranks: ranks.map((rank) => ({
        rankLevel: rank.rankLevel,
        name: rank.name,
        color: rank.color,
        color2: rank.color2,
        minTurnover: minorToAmount(rank.minTurnoverMinor),
        minDeposit: minorToAmount(rank.minDepositMinor),
      })),
    };
  }

  return {
    async rankLevelOf(memberId) {
      return (await repository.rankOf(db, memberId)).rankLevel;
    },
    async hasVipService(memberId) {
      return (await repository.rankOf(db, memberId)).rankLevel > VIP_SERVICE_RANK_ABOVE;
    },
    async clubLabelOf(memberId) {
      const rank = await repository.rankOf(db, memberId);
      if (!('name' in rank)) return null;
      return {
        labelName: rank.name,
        color: rank.color,
        color2: rank.color2,
        rankLevel: rank.rankLevel,
      };
    },
    reevaluateAll: () =>
      repository.transaction((trx) => repository.evaluate(trx, null, VIP_DEFAULT_WINDOW_DAYS)),
    ranks: (actor) => ranksOf(db, actor.merchantCode),
    async saveRanks(actor, input) {
      const ranks: VipRank[] = input.ranks.map((rank) => ({
        rankLevel: rank.rankLevel,
        name: rank.name,
        color: rank.color,
        color2: rank.color2,
        minTurnoverMinor: amountToMinor(rank.minTurnover),
        minDepositMinor: amountToMinor(rank.minDeposit),
      }));
      checkRanks(ranks);
      return repository.transaction(async (trx) => {
        const before = await ranksOf(trx, actor.merchantCode);
        await repository.replaceRanks(trx, actor.merchantCode, ranks);
        await repository.saveWindowDays(trx, actor.merchantCode, input.windowDays);
        const after = await ranksOf(trx, actor.merchantCode);
        await audit.recordWithin(trx, {
          merchantCode: actor.merchantCode,
          operatorId: actor.operatorId,
          operatorUsername: actor.operatorUsername,
          operatorRole: actor.operatorRole,
          ip: actor.ip,
          action: 'vip.ranks.update',
          subjectType: 'vip-ranks',
          subjectId: actor.merchantCode,
          before,
          after,
        });
        return after;
      });
    },
  };
}
