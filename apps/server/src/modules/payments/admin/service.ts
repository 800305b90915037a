import {
  type AdminPaymentMethod,
  type AdminWithdrawalBank,
  type AdminWithdrawalLimits,
  type BankDetails,
  WITHDRAWAL_BANKS_MAX,
} from '@app/contract';
import type { Db } from '../../../db/database.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { AppError } from '../../../http/app-error.js';
import type { AuditService } from '../../audit/index.js';
import { createWithdrawalBanksRepository } from '../withdrawals/banks.repository.js';
import { createPaymentMethodsAdminRepository, type WithdrawalLimitsChange } from './repository.js';

/** Who acts, as the audit log records them. */
export interface PaymentsActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
  /** The merchant's currency (the limits are shown in it). */
  currency: string;
}

export interface PaymentMethodChange {
  enabled: boolean;
  minAmount: number;
  maxAmount: number;
}

/**
 * The operator's side of the deposit methods. The deposit calls read the methods fresh (no
 * cache), so a change applies to the next deposit; the sandbox gateway's only switch is its
 * method's `enabled` flag (a disabled sandbox method opens no payment).
 */
export interface PaymentMethodsAdminService {
  methods(actor: PaymentsActor): Promise<{ list: AdminPaymentMethod[] }>;
  update(
    actor: PaymentsActor,
    code: string,
    change: PaymentMethodChange,
  ): Promise<AdminPaymentMethod>;
  /** The manual bank method's account details; another kind of method is NOT_FOUND. */
  setBankDetails(
    actor: PaymentsActor,
    code: string,
    bankDetails: BankDetails,
  ): Promise<AdminPaymentMethod>;
  withdrawalLimits(actor: PaymentsActor): Promise<AdminWithdrawalLimits>;
  setWithdrawalLimits(
    actor: PaymentsActor,
    change: WithdrawalLimitsChange,
  ): Promise<AdminWithdrawalLimits>;
  /** The merchant's withdrawal bank list, disabled banks included. */
  withdrawalBanks(actor: PaymentsActor): Promise<{ list: AdminWithdrawalBank[] }>;
  /** Adds an enabled bank at the end; a name already there (any case) is WITHDRAWAL_BANK_EXISTS. */
  addWithdrawalBank(actor: PaymentsActor, name: string): Promise<AdminWithdrawalBank>;
  /** Renames, enables or disables a bank; another merchant's bank is NOT_FOUND. */
  updateWithdrawalBank(
    actor: PaymentsActor,
    id: string,
    change: { name: string; enabled: boolean },
  ): Promise<AdminWithdrawalBank>;
}

function auditFields(actor: PaymentsActor) {
  return {
    merchantCode: actor.merchantCode,
    operatorId: actor.operatorId,
    operatorUsername: actor.operatorUsername,
    operatorRole: actor.operatorRole,
    ip: actor.ip,
  };
}

export function createPaymentMethodsAdminService(deps: {
  db: Db;
  unitOfWork: UnitOfWork;
  audit: AuditService;
}): PaymentMethodsAdminService {
  const reads = createPaymentMethodsAdminRepository(deps.db);
  const bankReads = createWithdrawalBanksRepository(deps.db);
  return {
    withdrawalBanks: async (actor) => ({ list: await bankReads.all(actor.merchantCode) }),
    addWithdrawalBank: (actor, name) => addWithdrawalBank(deps, actor, name),
    updateWithdrawalBank: (actor, id, change) => updateWithdrawalBank(deps, actor, id, change),

    methods: async (actor) => ({ list: await reads.methods(actor.merchantCode) }),

    update(actor, code, change) {
      return deps.unitOfWork(async (executor) => {
        const repository = createPaymentMethodsAdminRepository(executor);
        // Another merchant's method answers as one that does not exist.
        const before = await repository.lockedMethod(actor.merchantCode, code);
        if (!before) throw new AppError('NOT_FOUND', { field: 'code' });
        const after = await repository.update(actor.merchantCode, code, change);
        if (!after) throw new AppError('NOT_FOUND', { field: 'code' });
        await deps.audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'payments.method.update',
          subjectType: 'payment-method',
          subjectId: code,
          before,
          after,
        });
        return after;
      });
    },

    setBankDetails(actor, code, bankDetails) {
      return deps.unitOfWork(async (executor) => {
        const repository = createPaymentMethodsAdminRepository(executor);
        const before = await repository.lockedMethod(actor.merchantCode, code);
        // Only a manual bank method has an account; anything else answers as unknown.
        if (before?.kind !== 'manual_bank') throw new AppError('NOT_FOUND', { field: 'code' });
        const after = await repository.setBankDetails(actor.merchantCode, code, bankDetails);
        if (!after) throw new AppError('NOT_FOUND', { field: 'code' });
        await deps.audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'payments.method.bank-details',
          subjectType: 'payment-method',
          subjectId: code,
          before: { bankDetails: before.bankDetails },
          after: { bankDetails: after.bankDetails },
        });
        return after;
      });
    },

    async withdrawalLimits(actor) {
      const limits = await reads.withdrawalLimits(actor.merchantCode, actor.currency);
      if (!limits) throw new AppError('NOT_FOUND');
      return limits;
    },

    setWithdrawalLimits(actor, change) {
      return deps.unitOfWork(async (executor) => {
        const repository = createPaymentMethodsAdminRepository(executor);
        const before = await repository.withdrawalLimits(actor.merchantCode, actor.currency, true);
        if (!before) throw new AppError('NOT_FOUND');
        const after = await repository.setWithdrawalLimits(
          actor.merchantCode,
          actor.currency,
          change,
        );
        if (!after) throw new AppError('NOT_FOUND');
        await deps.audit.recordWithin(executor, {
          ...auditFields(actor),
          action: 'payments.withdrawal-limits.update',
          subjectType: 'withdrawal-settings',
          subjectId: actor.merchantCode,
          before,
          after,
        });
        return after;
      });
    },
  };
}

type BankDeps = { unitOfWork: UnitOfWork; audit: AuditService };

function addWithdrawalBank(
  deps: BankDeps,
  actor: PaymentsActor,
  name: string,
): Promise<AdminWithdrawalBank> {
  return deps.unitOfWork(async (executor) => {
    const banks = createWithdrawalBanksRepository(executor);
    if ((await banks.count(actor.merchantCode)) >= WITHDRAWAL_BANKS_MAX) {
      throw new AppError('VALIDATION_FAILED', { field: 'banks', maxCount: WITHDRAWAL_BANKS_MAX });
    }
    if (await banks.nameTaken(actor.merchantCode, name)) {
      throw new AppError('WITHDRAWAL_BANK_EXISTS', { field: 'name' });
    }
    const added = await banks.add(actor.merchantCode, name);
    if (!added) throw new AppError('WITHDRAWAL_BANK_EXISTS', { field: 'name' });
    await deps.audit.recordWithin(executor, {
      ...auditFields(actor),
      action: 'payments.withdrawal-bank.add',
      subjectType: 'withdrawal-bank',
      subjectId: added.id,
      before: null,
      after: added,
    });
    return added;
  });
}

function updateWithdrawalBank(
  deps: BankDeps,
  actor: PaymentsActor,
  id: string,
  change: { name: string; enabled: boolean },
): Promise<AdminWithdrawalBank> {
  return deps.unitOfWork(async (executor) => {
    const banks = createWithdrawalBanksRepository(executor);
    // Another merchant's bank answers as one that does not exist.
    const before = await banks.locked(actor.merchantCode, id);
    if (!before) throw new AppError('NOT_FOUND', { field: 'id' });
    if (await banks.nameTaken(actor.merchantCode, change.name, id)) {
      throw new AppError('WITHDRAWAL_BANK_EXISTS', { field: 'name' });
    }
    const after = await banks.update(actor.merchantCode, id, change);
    if (!after) throw new AppError('NOT_FOUND', { field: 'id' });
    await deps.audit.recordWithin(executor, {
      ...auditFields(actor),
      action: 'payments.withdrawal-bank.update',
      subjectType: 'withdrawal-bank',
      subjectId: id,
      before,
      after,
    });
    return after;
  });
}
