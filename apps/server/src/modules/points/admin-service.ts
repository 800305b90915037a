import {
  type AdminPointRedemption,
  type AdminPointReward,
  type AdminPointRules,
  amountToMinor,
  type CursorPage,
  minorToAmount,
  POINT_REWARDS_ADMIN_MAX,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import {
  deliverRedemption,
  type RedemptionRewardPorts,
  releaseRedemption,
} from './redemption-steps.js';
import type {
  PointsRepository,
  RedemptionRecord,
  RedemptionStatus,
  RewardInput,
} from './repository.js';
import { adminRedemptionView, adminRewardView } from './views.js';

/** Who acts, as the audit log records them. */
export interface LoyaltyActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string | null;
}

export function auditFieldsOf(actor: LoyaltyActor) {
  return {
    merchantCode: actor.merchantCode,
    operatorId: actor.operatorId,
    operatorUsername: actor.operatorUsername,
    operatorRole: actor.operatorRole,
    ip: actor.ip,
  };
}

const pendingOrder: KeysetOrder = {
  name: 'point-redemptions-pending',
  keys: [
    { ref: 'created_at', type: 'timestamptz' },
    { ref: 'id', type: 'bigint' },
  ],
  direction: 'asc',
};
const decidedOrder: KeysetOrder = {
  ...pendingOrder,
  name: 'point-redemptions-decided',
  direction: 'desc',
};

export type RewardSave = {
  id?: string | undefined;
  type: AdminPointReward['type'];
  name: string;
  description: string;
  imageUrl: string | null;
  points: number;
  amount: number;
  stock: number | null;
  needsApproval: boolean;
  maxQuantity: number;
  active: boolean;
  sortOrder: number;
  wageringMultiple: number;
  freeSpins: { gameCode: string; spins: number; betPerLine: number } | null;
};

export interface PointsAdminService {
  rules(actor: LoyaltyActor): Promise<AdminPointRules>;
  saveRules(actor: LoyaltyActor, input: AdminPointRules): Promise<AdminPointRules>;
  rewards(actor: LoyaltyActor): Promise<{ list: AdminPointReward[] }>;
  saveReward(actor: LoyaltyActor, input: RewardSave): Promise<AdminPointReward>;
  redemptions(
    actor: LoyaltyActor,
    query: { status: RedemptionStatus; cursor?: string | undefined; limit: number },
  ): Promise<CursorPage<AdminPointRedemption>>;
  approve(actor: LoyaltyActor, id: string): Promise<AdminPointRedemption>;
  reject(actor: LoyaltyActor, id: string, reason: string): Promise<AdminPointRedemption>;
}

function rewardInputOf(input: RewardSave): RewardInput {
  return {
    type: input.type,
    name: input.name,
    description: input.description,
    imageUrl: input.imageUrl,
    pointsCost: BigInt(input.points),
    amountMinor: input.type === 'cash' || input.type === 'bonus' ? amountToMinor(input.amount) : 0n,
    stock: input.stock,
    needsApproval: input.needsApproval || input.type === 'goods',
    maxPerRedemption: input.maxQuantity,
    active: input.active,
    sortOrder: input.sortOrder,
    wageringMultiple: input.wageringMultiple,
    freeSpins:
      input.type === 'free_spins' && input.freeSpins
        ? {
            gameCode: input.freeSpins.gameCode,
            spins: input.freeSpins.spins,
            betPerLineMinor: amountToMinor(input.freeSpins.betPerLine),
          }
        : null,
  };
}

/**
 * The operators' side of points: rules, catalogue and stock, and the redemption queue. Every
 * change and its audit entry commit in one transaction; a decision locks its redemption row, so
 * two operators deciding at once decide once.
 */
export function createPointsAdminService(
  db: Db,
  deps: {
    repository: PointsRepository;
    audit: AuditService;
    accountsOf: (memberIds: readonly bigint[]) => Promise<Map<bigint, string>>;
    rewardPorts: RedemptionRewardPorts;
  },
): PointsAdminService {
  const { repository, audit, accountsOf } = deps;

  async function rulesOf(executor: Db, merchantCode: string): Promise<AdminPointRules> {
    const [rules, settings] = await Promise.all([
      repository.rulesOf(executor, [merchantCode]),
      repository.settings(executor, merchantCode),
    ]);
    return {
      rules: (rules.get(merchantCode) ?? []).map((rule) => ({
        gameCategory: rule.gameCategory as AdminPointRules['rules'][number]['gameCategory'],
        unitAmount: minorToAmount(rule.unitMinor),
        pointsPerUnit: Number(rule.pointsPerUnit),
      })),
      settings: {
        convertEnabled: settings?.convertEnabled ?? false,
        pointsPerStep: Number(settings?.convertPointsStep ?? 100n),
        amountPerStep: minorToAmount(settings?.convertCashMinor ?? 100n),
        minPoints: Number(settings?.convertMinPoints ?? 100n),
      },
    };
  }

  async function views(records: RedemptionRecord[]): Promise<AdminPointRedemption[]> {
    const accounts = await accountsOf([...new Set(records.map((record) => record.memberId))]);
    return records.map((record) =>
      adminRedemptionView(record, accounts.get(record.memberId) ?? ''),
    );
  }

  async function decide(
    actor: LoyaltyActor,
    id: string,
    decision: { status: 'approved' | 'rejected'; reason: string | null },
  ): Promise<AdminPointRedemption> {
    const decided = await repository.transaction(async (trx) => {
      const record = await repository.lockRedemption(trx, actor.merchantCode, BigInt(id));
      // Another merchant's redemption answers as one that does not exist.
      if (!record) throw new AppError('NOT_FOUND', { field: 'id' });
      if (record.status !== 'in_process') throw new AppError('POINT_REDEMPTION_NOT_IN_PROCESS');
      if (decision.status === 'approved') {
        await deliverRedemption(trx, record, {
          reward: await repository.reward(trx, record.merchantCode, record.rewardId),
          ports: deps.rewardPorts,
        });
      } else {
        await releaseRedemption(trx, record);
        await repository.returnStock(trx, record.rewardId, record.quantity);
      }
      const after = await repository.decide(trx, record.id, {
        status: decision.status,
        operatorId: actor.operatorId,
        operatorUsername: actor.operatorUsername,
        rejectReason: decision.reason,
      });
      await audit.recordWithin(trx, {
        ...auditFieldsOf(actor),
        action: `points.redemption.${decision.status === 'approved' ? 'approve' : 'reject'}`,
        subjectType: 'point-redemption',
        subjectId: record.referenceNo,
        before: { status: record.status },
        after: { status: after.status, rejectReason: after.rejectReason },
      });
      return after;
    });
    const [view] = await views([decided]);
    if (!view) throw new Error('redemption view missing');
    return view;
  }

  return {
    rules: (actor) => rulesOf(db, actor.merchantCode),

    async saveRules(actor, input) {
      const categories = input.rules.map((rule) => rule.gameCategory);
      if (new Set(categories).size !== categories.length) {
        throw new AppError('VALIDATION_FAILED', { field: 'rules' });
      }
      return repository.transaction(async (trx) => {
        const before = await rulesOf(trx, actor.merchantCode);
        await repository.replaceRules(
          trx,
          actor.merchantCode,
          input.rules.map((rule) => ({
            gameCategory: rule.gameCategory,
            unitMinor: amountToMinor(rule.unitAmount),
            pointsPerUnit: BigInt(rule.pointsPerUnit),
          })),
        );
        await repository.saveSettings(trx, actor.merchantCode, {
          convertEnabled: input.settings.convertEnabled,
          convertPointsStep: BigInt(input.settings.pointsPerStep),
          convertCashMinor: amountToMinor(input.settings.amountPerStep),
          convertMinPoints: BigInt(input.settings.minPoints),
        });
        const after = await rulesOf(trx, actor.merchantCode);
        await audit.recordWithin(trx, {
          ...auditFieldsOf(actor),
          action: 'points.rules.update',
          subjectType: 'point-rules',
          subjectId: actor.merchantCode,
          before,
          after,
        });
        return after;
      });
    },

    async rewards(actor) {
      const { rows } = await repository.rewards(db, {
        merchantCode: actor.merchantCode,
        activeOnly: false,
        limit: POINT_REWARDS_ADMIN_MAX,
        offset: 0,
      });
      return { list: rows.map(adminRewardView) };
    },

    async saveReward(actor, input) {
      const values = rewardInputOf(input);
      if (values.amountMinor === 0n && (values.type === 'cash' || values.type === 'bonus')) {
        throw new AppError('VALIDATION_FAILED', { field: 'amount' });
      }
      if (values.type === 'free_spins' && !values.freeSpins) {
        throw new AppError('VALIDATION_FAILED', { field: 'freeSpins' });
      }
      return repository.transaction(async (trx) => {
        const before =
          input.id === undefined
            ? null
            : await repository.reward(trx, actor.merchantCode, BigInt(input.id));
        if (input.id !== undefined && !before) throw new AppError('NOT_FOUND', { field: 'id' });
        if (input.id === undefined) {
          const { totalCount } = await repository.rewards(trx, {
            merchantCode: actor.merchantCode,
            activeOnly: false,
            limit: 1,
            offset: 0,
          });
          if (totalCount >= POINT_REWARDS_ADMIN_MAX) {
            throw new AppError('VALIDATION_FAILED', { field: 'id' });
          }
        }
        const saved =
          input.id === undefined
            ? await repository.insertReward(trx, actor.merchantCode, values)
            : await repository.updateReward(trx, actor.merchantCode, BigInt(input.id), values);
        if (!saved) throw new AppError('NOT_FOUND', { field: 'id' });
        const after = adminRewardView(saved);
        await audit.recordWithin(trx, {
          ...auditFieldsOf(actor),
          action: before ? 'points.reward.update' : 'points.reward.create',
          subjectType: 'point-reward',
          subjectId: after.id,
          before: before ? adminRewardView(before) : null,
          after,
        });
        return after;
      });
    },

    async redemptions(actor, query) {
      const order = query.status === 'in_process' ? pendingOrder : decidedOrder;
      const page = await keysetPage(
        repository.queueQuery(db, actor.merchantCode, query.status),
        order,
        { cursor: query.cursor, limit: query.limit },
      );
      return {
        items: await views(page.items.map(repository.toRedemption)),
        nextCursor: page.nextCursor,
      };
    },

    approve: (actor, id) => decide(actor, id, { status: 'approved', reason: null }),
    reject: (actor, id, reason) => decide(actor, id, { status: 'rejected', reason }),
  };
}
