import { randomUUID } from 'node:crypto';
import { amountToMinor, minorToAmount, type Withdrawal } from '@app/contract';
import { AppError } from '../../../http/app-error.js';
import { crashPoint } from '../../../safety/crash-points.js';
import type { Merchant } from '../../system/index.js';
import {
  WITHDRAWAL_DAILY_WINDOW_MS,
  type WithdrawalQueries,
  type WithdrawalRecord,
  type WithdrawalSettings,
} from './repository.js';
import { withdrawalView } from './views.js';
import { mustFindWithdrawal, type WithdrawalParts } from './withdrawal-parts.js';

/** The ledger account that withdrawals are paid out through. */
export const WITHDRAWAL_CLEARING_CODE = 'clearing:withdrawal';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** A member's withdrawal request as the route reads it. */
export interface WithdrawalRequestInput {
  merchant: Merchant;
  memberId: bigint;
  bankAccountId: number;
  amount: number;
  paymentPassword: string;
  idempotencyKey: string | undefined;
  ip: string;
  verification?: { code?: string | undefined; accountName?: string | undefined } | undefined;
}

/** deposit x multiple, in minor units, rounded up (a multiple may have two decimals). */
export function requiredTurnoverMinor(depositMinor: bigint, multiple: string): bigint {
  const [whole = '0', fraction = ''] = multiple.split('.');
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return (depositMinor * hundredths + 99n) / 100n;
}

/** Refuses while the bets since the last deposit are below deposit x the merchant's multiple. */
async function checkTurnover(parts: WithdrawalParts, walletAccountId: bigint, multiple: string) {
  if (Number(multiple) <= 0) return;
  const turnover = await parts.ledger.turnoverSinceLastDeposit(walletAccountId);
  if (!turnover) return;
  const required = requiredTurnoverMinor(turnover.depositMinor, multiple);
  if (turnover.betsMinor < required) {
    throw new AppError('TURNOVER_NOT_MET', {
      requiredAmount: minorToAmount(required),
      doneAmount: minorToAmount(turnover.betsMinor),
    });
  }
}

/** The first request's answer for a retry with its key; another body is a mismatch. */
function replayRequest(existing: WithdrawalRecord, amountMinor: bigint, bankAccountId: number) {
  if (existing.amountMinor !== amountMinor || Number(existing.bankAccount.id) !== bankAccountId) {
    throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
  }
  return withdrawalView(existing);
}

/** The merchant's withdrawal settings, with the amount checked against its range. */
async function settingsFor(parts: WithdrawalParts, merchantCode: string, amountMinor: bigint) {
  const settings = await parts.repository.settings(merchantCode);
  if (!settings) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  if (amountMinor < settings.minAmountMinor || amountMinor > settings.maxAmountMinor) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      field: 'amount',
      minAmount: minorToAmount(settings.minAmountMinor),
      maxAmount: minorToAmount(settings.maxAmountMinor),
    });
  }
  return settings;
}

/**
 * Refuses a request that would pass the member's daily count or amount (any 24 hours). Runs in
 * the request's transaction under a per-member lock, so concurrent requests cannot both slip
 * under the limit.
 */
async function checkDailyLimits(
  queries: WithdrawalQueries,
  settings: WithdrawalSettings,
  memberId: bigint,
  amountMinor: bigint,
  nowMs: number,
): Promise<void> {
  const { dailyCountMax, dailyAmountMaxMinor } = settings;
  if (dailyCountMax === null && dailyAmountMaxMinor === null) return;
  const recent = await queries.recentWithdrawalsLocked(
    memberId,
    new Date(nowMs - WITHDRAWAL_DAILY_WINDOW_MS),
  );
  if (dailyCountMax !== null && recent.count >= dailyCountMax) {
    throw new AppError('WITHDRAWAL_DAILY_COUNT_EXCEEDED', { maxCount: dailyCountMax });
  }
  if (dailyAmountMaxMinor !== null && recent.amountMinor + amountMinor > dailyAmountMaxMinor) {
    const remainingMinor = dailyAmountMaxMinor - recent.amountMinor;
    throw new AppError('WITHDRAWAL_DAILY_AMOUNT_EXCEEDED', {
      field: 'amount',
      maxAmount: minorToAmount(dailyAmountMaxMinor),
      remainingAmount: minorToAmount(remainingMinor > 0n ? remainingMinor : 0n),
    });
  }
}

/** The member's wallet and the merchant's withdrawal clearing account. */
function accountsOfRequest(parts: WithdrawalParts, merchant: Merchant, memberId: bigint) {
  return Promise.all([
    parts.ledger.memberAccount({
      merchantCode: merchant.code,
      memberId,
      asset: 'cash',
      currency: merchant.currency,
    }),
    parts.ledger.systemAccount({
      merchantCode: merchant.code,
      code: WITHDRAWAL_CLEARING_CODE,
      asset: 'cash',
      currency: merchant.currency,
    }),
  ]);
}

/** Records a withdrawal and holds its amount in one transaction; a retry with the same key replays. */
export async function requestWithdrawal(
  parts: WithdrawalParts,
  input: WithdrawalRequestInput,
): Promise<Withdrawal> {
  const { repository, ledger } = parts;
  const { merchant, memberId, idempotencyKey } = input;
  if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
  }
  const amountMinor = amountToMinor(input.amount);
  if (idempotencyKey) {
    const existing = await repository.findByKey(memberId, idempotencyKey);
    if (existing) return replayRequest(existing, amountMinor, input.bankAccountId);
  }
  await parts.paymentPasswords.verify(memberId, input.paymentPassword);
  const settings = await settingsFor(parts, merchant.code, amountMinor);
  const account = (await repository.bankAccounts(memberId)).find(
    (candidate) => Number(candidate.id) === input.bankAccountId,
  );
  if (!account) throw new AppError('NOT_FOUND', { field: 'bankAccountId' });

  const id = randomUUID();
  const [wallet, clearing] = await accountsOfRequest(parts, merchant, memberId);
  // Before any verification is asked for: a player with an open bonus is told at once.
  await parts.withdrawalGuard?.(null, memberId, merchant.currency);
  await checkTurnover(parts, wallet, settings.turnoverMultiple);
  await parts.newIpVerification.check({
    merchant,
    memberId,
    ip: input.ip,
    settings,
    bankAccountName: account.accountName,
    verification: input.verification,
  });
  const holdTransferId = `withdrawal:${id}`;
  // The row first, then the hold, in one transaction: a crash leaves both or neither, and a
  // concurrent request with the same key waits on the row and then answers the first one.
  const inserted = await repository.transaction(async (queries, executor) => {
    // Again in the hold's transaction, so the hold commits only against what is open now.
    await parts.withdrawalGuard?.(executor, memberId, merchant.currency);
    await checkDailyLimits(queries, settings, memberId, amountMinor, Date.now());
    const stored = await queries.insertWithdrawal({
      id,
      merchantCode: merchant.code,
      memberId,
      bankAccountId: account.id,
      amountMinor,
      currency: merchant.currency,
      holdTransferId,
      idempotencyKey: idempotencyKey ?? null,
    });
    if (!stored) return false;
    await ledger.holdWithin(executor, {
      id: holdTransferId,
      debitAccountId: wallet,
      creditAccountId: clearing,
      amountMinor,
      code: 'withdrawal',
      reference: id,
    });
    crashPoint('withdrawal.request.before-commit');
    return true;
  });
  if (!inserted) {
    const existing = idempotencyKey
      ? await repository.findByKey(memberId, idempotencyKey)
      : undefined;
    if (!existing) throw new Error(`withdrawal ${id} could not be stored`);
    return replayRequest(existing, amountMinor, input.bankAccountId);
  }
  crashPoint('withdrawal.request.after-commit');
  // Withdrawn from here once: a later withdrawal from the same address is not asked again.
  await parts.newIpVerification.rememberIp(memberId, input.ip);
  return withdrawalView(await mustFindWithdrawal(parts, id, merchant.code));
}
