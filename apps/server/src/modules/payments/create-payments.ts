import type { Db } from '../../db/database.js';
import type { EmailService } from '../email/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { MemberDirectory, PaymentPasswordService } from '../member/index.js';
import type { SmsService } from '../sms/index.js';
import { createManualDepositRepository } from './manual/repository.js';
import { createManualDepositService, type ManualDepositService } from './manual/service.js';
import { createPaymentsRepository } from './repository.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox/gateway.js';
import { createSandboxRepository } from './sandbox/repository.js';
import { createPaymentsService, type PaymentsService } from './service.js';
import { createWithdrawalBanksRepository } from './withdrawals/banks.repository.js';
import { createNewIpVerification } from './withdrawals/new-ip-verification.js';
import { createWithdrawalRepository } from './withdrawals/repository.js';
import { createWithdrawalService, type WithdrawalService } from './withdrawals/service.js';
import type { WithdrawalGuard } from './withdrawals/withdrawal-parts.js';

/** The payments module's services, wired on one database. */
export interface Payments {
  /** Deposits through gateways and manual bank transfers, and the gateways' callbacks. */
  payments: PaymentsService;
  /** The sandbox payment gateway (an outside party reached over its protocol). */
  sandboxGateway: SandboxGateway;
  /** Withdrawals: requests, holds, operator review and payout. */
  withdrawals: WithdrawalService;
  /** Operators' decisions on manual bank deposits. */
  manualDeposits: ManualDepositService;
}

/**
 * Builds the payments module's repositories and services on `db`. The sandbox gateway calls the
 * deposit service back as an outside gateway would call its callback endpoint.
 */
export function createPayments(
  db: Db,
  deps: {
    ledger: LedgerService;
    paymentPasswords: PaymentPasswordService;
    sms: SmsService;
    email: EmailService;
    /** The member module's directory: contacts and account names of members. */
    members: Pick<MemberDirectory, 'byIds' | 'contact'>;
    /** Where background failures (a callback that could not be delivered) are reported. */
    logError: (details: object, message: string) => void;
    /** Refuses withdrawals while a bonus is wagering (the bonus module); none: no bonuses. */
    withdrawalGuard?: WithdrawalGuard;
  },
): Payments {
  const { ledger } = deps;
  const paymentsRepository = createPaymentsRepository(db);
  let payments: PaymentsService | undefined;
  const sandboxGateway = createSandboxGateway({
    repository: createSandboxRepository(db),
    secretOf: async (merchantCode, methodCode) =>
      (await paymentsRepository.methods(merchantCode)).find((method) => method.code === methodCode)
        ?.callbackSecret,
    receiver: () => (input) => (payments as PaymentsService).handleCallback(input),
    onDeliveryError: (paymentId, error) =>
      deps.logError(
        { paymentId, error: error instanceof Error ? error.message : String(error) },
        'sandbox callback not delivered',
      ),
  });
  payments = createPaymentsService({
    repository: paymentsRepository,
    ledger,
    gateway: sandboxGateway,
  });
  const withdrawalRepository = createWithdrawalRepository(db);
  const withdrawals = createWithdrawalService({
    repository: withdrawalRepository,
    banks: createWithdrawalBanksRepository(db),
    ledger,
    paymentPasswords: deps.paymentPasswords,
    members: deps.members,
    ...(deps.withdrawalGuard ? { withdrawalGuard: deps.withdrawalGuard } : {}),
    newIpVerification: createNewIpVerification({
      repository: withdrawalRepository,
      members: deps.members,
      sms: deps.sms,
      email: deps.email,
    }),
  });
  const manualDeposits = createManualDepositService({
    repository: createManualDepositRepository(db),
    payments: paymentsRepository,
    ledger,
    members: deps.members,
  });
  return { payments, sandboxGateway, withdrawals, manualDeposits };
}
