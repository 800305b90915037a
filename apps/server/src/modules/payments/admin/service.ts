import type { AdminPaymentMethod } from '@app/contract';
import type { Db } from '../../../db/database.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { AppError } from '../../../http/app-error.js';
import type { AuditService } from '../../audit/index.js';
import { createPaymentMethodsAdminRepository } from './repository.js';

/** Who acts, as the audit log records them. */
export interface PaymentsActor {
  merchantCode: string;
  operatorId: bigint;
  operatorUsername: string;
  operatorRole: string;
  ip: string;
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
}

export function createPaymentMethodsAdminService(deps: {
  db: Db;
  unitOfWork: UnitOfWork;
  audit: AuditService;
}): PaymentMethodsAdminService {
  const reads = createPaymentMethodsAdminRepository(deps.db);
  return {
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
          merchantCode: actor.merchantCode,
          operatorId: actor.operatorId,
          operatorUsername: actor.operatorUsername,
          operatorRole: actor.operatorRole,
          ip: actor.ip,
          action: 'payments.method.update',
          subjectType: 'payment-method',
          subjectId: code,
          before,
          after,
        });
        return after;
      });
    },
  };
}
