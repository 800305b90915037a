import {
  type AdminPointRedemption,
  type AdminPointReward,
  minorToAmount,
  type PointReward,
  type RedeemRecord,
  type RedeemStatus,
} from '@app/contract';
import type { RedemptionRecord, RedemptionStatus, RewardRecord } from './repository.js';

/** How rows of the points tables look on the wire (points as numbers, money with decimals). */

export const redeemStatusOf: Record<RedemptionStatus, RedeemStatus> = {
  in_process: 'In Process',
  rejected: 'Rejected',
  approved: 'Approved',
};

export const redemptionStatusOf: Record<RedeemStatus, RedemptionStatus> = {
  'In Process': 'in_process',
  Rejected: 'rejected',
  Approved: 'approved',
};

export function rewardView(reward: RewardRecord): PointReward {
  return {
    id: reward.id.toString(),
    type: reward.type,
    name: reward.name,
    description: reward.description,
    imageUrl: reward.imageUrl,
    points: Number(reward.pointsCost),
    amount: minorToAmount(reward.amountMinor),
    stock: reward.stock,
    needsApproval: reward.needsApproval,
    maxQuantity: reward.maxPerRedemption,
  };
}

export function adminRewardView(reward: RewardRecord): AdminPointReward {
  return {
    ...rewardView(reward),
    active: reward.active,
    sortOrder: reward.sortOrder,
    wageringMultiple: reward.wageringMultiple,
    freeSpins: reward.freeSpins && {
      gameCode: reward.freeSpins.gameCode,
      spins: reward.freeSpins.spins,
      betPerLine: minorToAmount(reward.freeSpins.betPerLineMinor),
    },
  };
}

export function redeemView(record: RedemptionRecord): RedeemRecord {
  return {
    referenceNo: record.referenceNo,
    applyTime: record.createdAt.toISOString(),
    type: record.rewardType,
    name: record.rewardName,
    quantity: record.quantity,
    points: Number(record.pointsTotal),
    amount: minorToAmount(record.amountMinor),
    status: redeemStatusOf[record.status],
  };
}

export function adminRedemptionView(
  record: RedemptionRecord,
  account: string,
): AdminPointRedemption {
  return {
    id: record.id.toString(),
    referenceNo: record.referenceNo,
    memberId: record.memberId.toString(),
    account,
    type: record.rewardType,
    name: record.rewardName,
    quantity: record.quantity,
    points: Number(record.pointsTotal),
    amount: minorToAmount(record.amountMinor),
    currency: record.currency,
    status: record.status,
    appliedAtMs: record.createdAt.getTime(),
    decidedByUsername: record.decidedByUsername,
    rejectReason: record.rejectReason,
  };
}
