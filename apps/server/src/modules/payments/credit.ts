import type { Db } from '../../db/database.js';
import { appendEvents } from '../events/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { DepositRecord } from './repository.js';

/** The ledger account a method's money clears through. */
export function clearingAccountCode(methodCode: string): string {
  return `clearing:${methodCode}`;
}

/**
 * Credits a deposit through the ledger: clearing account of its method to the member's cash.
 * The transfer id is the deposit, so however often this runs (callbacks, approvals resumed
 * after a crash) the member is credited once; the `deposit.credited` event commits with the
 * transfer that credited it, so it is emitted once too.
 */
export async function creditDepositInLedger(
  ledger: LedgerService,
  deposit: DepositRecord,
  reference: string,
  inTransaction: (work: (executor: Db) => Promise<void>) => Promise<void>,
): Promise<void> {
  const [clearing, wallet] = await Promise.all([
    ledger.systemAccount({
      merchantCode: deposit.merchantCode,
      code: clearingAccountCode(deposit.methodCode),
      asset: 'cash',
      currency: deposit.currency,
    }),
    ledger.memberAccount({
      merchantCode: deposit.merchantCode,
      memberId: deposit.memberId,
      asset: 'cash',
      currency: deposit.currency,
    }),
  ]);
  await inTransaction(async (executor) => {
    const { replayed } = await ledger.transferWithin(executor, {
      id: `deposit:${deposit.id}`,
      debitAccountId: clearing,
      creditAccountId: wallet,
      amountMinor: deposit.amountMinor,
      code: 'deposit',
      reference,
    });
    if (replayed) return;
    await appendEvents(executor, [
      {
        type: 'deposit.credited',
        merchantCode: deposit.merchantCode,
        memberId: deposit.memberId,
        payload: {
          depositId: deposit.id,
          memberId: deposit.memberId.toString(),
          methodCode: deposit.methodCode,
          currency: deposit.currency,
          amountMinor: deposit.amountMinor.toString(),
        },
      },
    ]);
  });
}
