import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { LedgerService } from '../../ledger/index.js';
import type { MemberDirectory, PaymentPasswordService } from '../../member/index.js';
import type { WithdrawalBanksRepository } from './banks.repository.js';
import type { NewIpVerification } from './new-ip-verification.js';
import type { WithdrawalRecord, WithdrawalRepository } from './repository.js';
import type { AccountNames } from './views.js';

/** What the withdrawal workflows share: built once in service.ts. */
export interface WithdrawalParts {
  repository: WithdrawalRepository;
  /** The merchant's withdrawal bank list. */
  banks: WithdrawalBanksRepository;
  ledger: LedgerService;
  paymentPasswords: PaymentPasswordService;
  newIpVerification: NewIpVerification;
  /** The member module's directory: account names for the operator's views. */
  members: Pick<MemberDirectory, 'byIds'>;
  /**
   * Refuses a withdrawal while money that would leave still owes wagering (the bonus module's
   * BONUS_WAGERING_OPEN); `executor` is the request's transaction, or null for the early check.
   */
  withdrawalGuard?: WithdrawalGuard;
}

export type WithdrawalGuard = (
  executor: Db | null,
  memberId: bigint,
  currency: string,
) => Promise<void>;

/** A withdrawal of this merchant, else NOT_FOUND (another merchant's is not there). */
export async function mustFindWithdrawal(
  parts: WithdrawalParts,
  id: string,
  merchantCode: string,
): Promise<WithdrawalRecord> {
  const withdrawal = await parts.repository.find(id);
  if (!withdrawal || withdrawal.merchantCode !== merchantCode) throw new AppError('NOT_FOUND');
  return withdrawal;
}

/** The account names of the members of these withdrawals, in one read. */
export async function accountNamesOf(
  parts: WithdrawalParts,
  withdrawals: readonly WithdrawalRecord[],
): Promise<AccountNames> {
  const parties = await parts.members.byIds(withdrawals.map((withdrawal) => withdrawal.memberId));
  return new Map([...parties].map(([id, party]) => [id, party.username]));
}
