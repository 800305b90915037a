import type { CursorPage } from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { WithdrawalCaseRecord, WithdrawalRecord } from './repository.js';
import { adminWithdrawalView, type WithdrawalCaseView } from './views.js';
import { accountNamesOf, mustFindWithdrawal, type WithdrawalParts } from './withdrawal-parts.js';

/** The 'not received' cases players open on approved withdrawals, as operators review them. */

/** Cases with their withdrawals; the members' account names are read once for all. */
async function caseViews(
  parts: WithdrawalParts,
  records: readonly WithdrawalCaseRecord[],
  merchantCode: string,
): Promise<WithdrawalCaseView[]> {
  const withdrawals = await Promise.all(
    records.map((record) => mustFindWithdrawal(parts, record.withdrawalId, merchantCode)),
  );
  const accounts = await accountNamesOf(parts, withdrawals);
  return records.map((record, index) => ({
    caseId: Number(record.id),
    withdrawal: adminWithdrawalView(withdrawals[index] as WithdrawalRecord, accounts),
    status: record.status,
    note: record.note,
    createdAt: record.createdAt.toISOString(),
    resolvedAt: record.resolvedAt?.toISOString() ?? null,
  }));
}

/** A keyset page of the merchant's 'not received' cases, open or resolved, oldest first. */
export async function casesOfMerchant(
  parts: WithdrawalParts,
  query: {
    merchantCode: string;
    status: 'open' | 'resolved';
    cursor?: string | undefined;
    limit: number;
  },
): Promise<CursorPage<WithdrawalCaseView>> {
  const page = await parts.repository.cases(query);
  return {
    items: await caseViews(parts, page.items, query.merchantCode),
    nextCursor: page.nextCursor,
  };
}

/** What closing a case changed, for the audit entry written in its transaction. */
export interface WithdrawalCaseChange {
  before: WithdrawalCaseView;
  after: WithdrawalCaseView;
}

/**
 * Closes a 'not received' case with the operator's note; answers the before and after. The
 * case's update and `recordWithin` (the caller's audit entry) commit in one transaction.
 */
export async function resolveCase(
  parts: WithdrawalParts,
  input: {
    merchantCode: string;
    caseId: number;
    operatorId: bigint;
    note: string;
    recordWithin?: (executor: Db, change: WithdrawalCaseChange) => Promise<void>;
  },
): Promise<WithdrawalCaseChange> {
  const { repository } = parts;
  const record = await repository.findCase(input.merchantCode, BigInt(input.caseId));
  if (!record) throw new AppError('NOT_FOUND');
  if (record.status !== 'open') throw new AppError('WITHDRAWAL_CASE_NOT_OPEN');
  // Read before the transaction: the withdrawal and the member's name do not change here.
  const [before] = await caseViews(parts, [record], input.merchantCode);
  if (!before) throw new Error(`case ${record.id} vanished`);
  return repository.transaction(async (queries, executor) => {
    if (!(await queries.resolveCase(record.id, input.operatorId, input.note))) {
      throw new AppError('WITHDRAWAL_CASE_NOT_OPEN');
    }
    const resolved = await queries.findCase(input.merchantCode, record.id);
    if (!resolved) throw new Error(`case ${record.id} vanished`);
    const change = {
      before,
      after: {
        ...before,
        status: resolved.status,
        note: resolved.note,
        resolvedAt: resolved.resolvedAt?.toISOString() ?? null,
      },
    };
    await input.recordWithin?.(executor, change);
    return change;
  });
}
