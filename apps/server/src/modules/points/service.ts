import { randomBytes, randomUUID } from 'node:crypto';
import {
  minorToAmount,
  type PointConfig,
  type PointDetailRow,
  type PointRewardType,
  pageTotals,
  type RedeemRecord,
  type RedeemStatus,
  type RouteValue,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { PaymentPasswordService } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import { ledgerWithin, POINTS_SPENT_ACCOUNT } from './ledger-accounts.js';
import {
  deliverRedemption,
  holdIdOf,
  holdPoints,
  type RedemptionRewardPorts,
} from './redemption-steps.js';
import type { PointSettings, PointsRepository, RedemptionRecord } from './repository.js';
import { redeemView, redemptionStatusOf, rewardView } from './views.js';

/** Longest Idempotency-Key header accepted on the money calls. */
export const POINTS_IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** Characters of randomness in a redemption's reference number (after `PR` and the date). */
const REFERENCE_RANDOM_BYTES = 5;
/** The settings of a merchant that has saved none: conversion off. */
const NO_SETTINGS: PointSettings = {
  convertEnabled: false,
  convertPointsStep: 100n,
  convertCashMinor: 100n,
  convertMinPoints: 100n,
};
const UNIQUE_VIOLATION = '23505';

export interface PageQuery {
  pageNo: number;
  pageSize: number;
}
export interface RewardsQuery extends PageQuery {
  type?: PointRewardType | undefined;
  affordable?: 'true' | 'false' | undefined;
}
export interface RedeemListQuery extends PageQuery {
  status?: RedeemStatus | undefined;
}

export interface PointsService {
  balance(merchant: Merchant, memberId: bigint): Promise<RouteValue<'pointBalance'>>;
  rewards(
    merchant: Merchant,
    memberId: bigint,
    query: RewardsQuery,
  ): Promise<RouteValue<'pointRewards'>>;
  redeem(input: {
    merchant: Merchant;
    memberId: bigint;
    rewardId: string;
    quantity: number;
    paymentPassword: string;
    idempotencyKey: string | undefined;
  }): Promise<RedeemRecord>;
  redemptions(memberId: bigint, query: RedeemListQuery): Promise<RouteValue<'redeemPointList'>>;
  config(merchant: Merchant): Promise<PointConfig>;
  convert(input: {
    merchant: Merchant;
    memberId: bigint;
    points: number;
    paymentPassword: string;
    idempotencyKey: string | undefined;
  }): Promise<RouteValue<'convertPoint'>>;
  detail(memberId: bigint, query: PageQuery): Promise<RouteValue<'pointDetail'>>;
}

function checkedKey(key: string | undefined): string {
  if (key === undefined || key.length === 0) return randomUUID();
  if (key.length > POINTS_IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
  }
  return key;
}

/** `PR20261126-4F7KQ2MZ9A`: the day it was asked for and enough randomness to be unique. */
function newReferenceNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `PR${day}${randomBytes(REFERENCE_RANDOM_BYTES).toString('hex').toUpperCase()}`;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === UNIQUE_VIOLATION;
}

/** Reads the member's points account (made on first use): posted balance and what holds keep. */
async function pointsOf(db: Db, merchantCode: string, memberId: bigint) {
  const accounts = ledgerWithin(db);
  const id = await accounts.memberPointsAccount(merchantCode, memberId);
  const [account] = await accounts.ledger.findAccounts([id]);
  if (!account) throw new Error(`points account ${id} missing`);
  return { available: account.balanceMinor - account.heldMinor, held: account.heldMinor };
}

/**
 * The member's side of points and the point mall (SPEC §7 points calls): balance, catalogue,
 * redemptions held in the ledger, conversion to cash, the points detail.
 */
export function createPointsService(
  db: Db,
  deps: {
    repository: PointsRepository;
    paymentPasswords: PaymentPasswordService;
    rewardPorts: RedemptionRewardPorts;
  },
): PointsService {
  const { repository, paymentPasswords } = deps;

  async function replayRedemption(
    memberId: bigint,
    key: string,
    rewardId: bigint,
    quantity: number,
  ): Promise<RedeemRecord | undefined> {
    const existing = await repository.redemptionByKey(db, memberId, key);
    if (!existing) return undefined;
    if (existing.rewardId !== rewardId || existing.quantity !== quantity) {
      throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
    }
    return redeemView(existing);
  }

  /** Takes the stock, holds the points and records the redemption, all in one transaction. */
  async function placeRedemption(
    trx: Db,
    input: {
      merchant: Merchant;
      memberId: bigint;
      rewardId: bigint;
      quantity: number;
      key: string;
    },
  ): Promise<RedemptionRecord> {
    const { merchant, memberId, rewardId, quantity } = input;
    const offered = await repository.reward(trx, merchant.code, rewardId);
    if (!offered?.active) throw new AppError('POINT_REWARD_UNAVAILABLE');
    if (quantity > offered.maxPerRedemption) {
      throw new AppError('POINT_REDEEM_QUANTITY_INVALID', { field: 'quantity' });
    }
    const reward = await repository.takeStock(trx, merchant.code, rewardId, quantity);
    if (!reward) throw new AppError('POINT_REWARD_OUT_OF_STOCK');
    const referenceNo = newReferenceNo(new Date());
    const pointsTotal = reward.pointsCost * BigInt(quantity);
    await holdPoints(trx, {
      merchantCode: merchant.code,
      memberId,
      referenceNo,
      points: pointsTotal,
      remark: `${referenceNo} ${reward.name} x${quantity}`.slice(0, 200),
    });
    // Goods are delivered by a person; other types wait only when configured to.
    const waits = reward.needsApproval || reward.type === 'goods';
    const record = await repository.insertRedemption(trx, {
      referenceNo,
      merchantCode: merchant.code,
      memberId,
      rewardId,
      rewardType: reward.type,
      rewardName: reward.name,
      quantity,
      pointsTotal,
      amountMinor: reward.amountMinor * BigInt(quantity),
      currency: merchant.currency,
      status: 'in_process',
      holdTransferId: holdIdOf(referenceNo),
      idempotencyKey: input.key,
    });
    if (waits) return record;
    await deliverRedemption(trx, record, { reward, ports: deps.rewardPorts });
    return repository.markApprovedAutomatically(trx, record.id);
  }

  return {
    async balance(merchant, memberId) {
      const { available, held } = await pointsOf(db, merchant.code, memberId);
      return { balance: Number(available), held: Number(held) };
    },

    async rewards(merchant, memberId, query) {
      const maxPointsCost =
        query.affordable === 'true'
          ? (await pointsOf(db, merchant.code, memberId)).available
          : undefined;
      const { rows, totalCount } = await repository.rewards(db, {
        merchantCode: merchant.code,
        activeOnly: true,
        type: query.type,
        maxPointsCost,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map(rewardView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...pageTotals(totalCount, query.pageSize),
      };
    },

    async redeem(input) {
      const key = checkedKey(input.idempotencyKey);
      const rewardId = BigInt(input.rewardId);
      const replayed = await replayRedemption(input.memberId, key, rewardId, input.quantity);
      if (replayed) return replayed;
      await paymentPasswords.verify(input.memberId, input.paymentPassword);
      try {
        const record = await repository.transaction((trx) =>
          placeRedemption(trx, { ...input, rewardId, key }),
        );
        return redeemView(record);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent request with the same key recorded it first: answer that one.
        const concurrent = await replayRedemption(input.memberId, key, rewardId, input.quantity);
        if (!concurrent) throw error;
        return concurrent;
      }
    },

    async redemptions(memberId, query) {
      const { rows, totalCount } = await repository.memberRedemptions(db, {
        memberId,
        status: query.status ? redemptionStatusOf[query.status] : undefined,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map(redeemView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...pageTotals(totalCount, query.pageSize),
      };
    },

    async config(merchant) {
      const settings = (await repository.settings(db, merchant.code)) ?? NO_SETTINGS;
      return {
        convertEnabled: settings.convertEnabled,
        pointsPerStep: Number(settings.convertPointsStep),
        amountPerStep: minorToAmount(settings.convertCashMinor),
        minPoints: Number(settings.convertMinPoints),
        currency: merchant.currency,
        expires: false,
      };
    },

    async convert(input) {
      const { merchant, memberId } = input;
      const key = checkedKey(input.idempotencyKey);
      const settings = (await repository.settings(db, merchant.code)) ?? NO_SETTINGS;
      if (!settings.convertEnabled) throw new AppError('POINT_CONVERT_DISABLED');
      const points = BigInt(input.points);
      if (points < settings.convertMinPoints || points % settings.convertPointsStep !== 0n) {
        throw new AppError('POINT_CONVERT_AMOUNT_INVALID', { field: 'points' });
      }
      const cashMinor = (points / settings.convertPointsStep) * settings.convertCashMinor;
      await paymentPasswords.verify(memberId, input.paymentPassword);
      await repository.transaction(async (trx) => {
        const accounts = ledgerWithin(trx);
        const member = await accounts.memberPointsAccount(merchant.code, memberId);
        const spent = await accounts.systemPointsAccount(
          merchant.code,
          POINTS_SPENT_ACCOUNT,
          memberId,
        );
        const source = await accounts.systemCashAccount(merchant.code, merchant.currency, memberId);
        const wallet = await accounts.memberCashAccount(merchant.code, memberId, merchant.currency);
        const id = `points-convert:${memberId}:${key}`;
        try {
          // Two assets cannot share one double-entry transfer: the points leg and the cash
          // leg are two transfers that commit together or not at all.
          await accounts.ledger.transferWithin(trx, {
            id,
            debitAccountId: member,
            creditAccountId: spent,
            amountMinor: points,
            code: 'points.convert',
            reference: `${points} points to ${minorToAmount(cashMinor)} ${merchant.currency}`,
          });
        } catch (error) {
          if (error instanceof AppError && error.errorCode === 'INSUFFICIENT_FUNDS') {
            throw new AppError('POINTS_INSUFFICIENT');
          }
          if (error instanceof AppError && error.errorCode === 'IDEMPOTENCY_CONFLICT') {
            throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
          }
          throw error;
        }
        await accounts.ledger.transferWithin(trx, {
          id: `${id}:cash`,
          debitAccountId: source,
          creditAccountId: wallet,
          amountMinor: cashMinor,
          code: 'points.convert',
          reference: `${points} points`,
        });
      });
      const { available } = await pointsOf(db, merchant.code, memberId);
      return { points: input.points, amount: minorToAmount(cashMinor), balance: Number(available) };
    },

    async detail(memberId, query) {
      const ledger = ledgerWithin(db).ledger;
      // Points never expire, so the detail reaches back to the first entry.
      const { rows, totalCount } = await ledger.memberEntries({
        memberId,
        from: new Date(0),
        to: new Date(Date.now() + 60_000),
        asset: 'points',
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const list: PointDetailRow[] = rows.map((row) => ({
        id: row.entryId.toString(),
        time: row.createdAt.toISOString(),
        changedPoints: Number(row.amountMinor),
        balance: Number(row.balanceAfterMinor),
        type: row.code.replace(/^points\./, ''),
        remark: row.reference,
      }));
      return {
        list,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...pageTotals(totalCount, query.pageSize),
      };
    },
  };
}
