import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { appendEvents } from '../events/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { BonusAccountsOf } from './accounts.js';
import type { BonusRepository } from './repository.js';
import type { Bonus, BonusClosing } from './types.js';

/** The ledger code of every bonus transfer (the account record's `bonus` type). */
export const BONUS_LEDGER_CODE = 'bonus';

export interface TransitionDeps {
  repository: BonusRepository;
  ledger: LedgerService;
  accountsOf: BonusAccountsOf;
}

/** The ledger id of a bonus's step: one per bonus and step, so a retry replays it. */
export function bonusTransferId(bonusId: bigint, step: 'grant' | BonusClosing): string {
  return `bonus:${bonusId}:${step}`;
}

/**
 * Ends a wagering bonus in the caller's transaction: ONE ledger transfer (to the member's cash
 * when converted, back to the promotion expense when expired or forfeited), the status, and its
 * event. The bonus must be locked by the caller (`repository.lock`) and still wagering.
 */
export async function closeBonusWithin(
  deps: TransitionDeps,
  trx: Db,
  bonus: Bonus,
  closing: BonusClosing,
): Promise<void> {
  if (bonus.status !== 'wagering') throw new AppError('BONUS_NOT_OPEN');
  const accounts = await deps.accountsOf(bonus.merchantCode, bonus.memberId, bonus.currency);
  const creditAccountId =
    closing === 'converted' ? accounts.cashAccountId : accounts.expenseAccountId;
  await deps.ledger.transferWithin(trx, {
    id: bonusTransferId(bonus.id, closing),
    debitAccountId: accounts.bonusAccountId,
    creditAccountId,
    amountMinor: bonus.amountMinor,
    code: BONUS_LEDGER_CODE,
    reference: `bonus:${bonus.id}:${closing}`,
  });
  const progressMinor = closing === 'converted' ? bonus.requirementMinor : bonus.progressMinor;
  await deps.repository.close(trx, bonus.id, closing, progressMinor);
  const common = {
    bonusId: bonus.id.toString(),
    memberId: bonus.memberId.toString(),
    currency: bonus.currency,
    amountMinor: bonus.amountMinor.toString(),
  };
  await appendEvents(trx, [
    closing === 'converted'
      ? {
          type: 'bonus.converted',
          merchantCode: bonus.merchantCode,
          memberId: bonus.memberId,
          payload: common,
        }
      : {
          type: 'bonus.closed',
          merchantCode: bonus.merchantCode,
          memberId: bonus.memberId,
          payload: { ...common, reason: closing },
        },
  ]);
}
