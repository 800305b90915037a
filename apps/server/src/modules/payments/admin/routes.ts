import {
  adminAddWithdrawalBankCall,
  adminPaymentMethodsCall,
  adminUpdateBankDetailsCall,
  adminUpdatePaymentMethodCall,
  adminUpdateWithdrawalBankCall,
  adminUpdateWithdrawalLimitsCall,
  adminWithdrawalBanksCall,
  adminWithdrawalLimitsCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import type { RegisterCall } from '../../../http/call-route.js';
import type { PaymentMethodsAdminService, PaymentsActor } from './service.js';

/** The operator behind the call (the guard checked the permission already; checked again here). */
function actorOf(request: FastifyRequest, permission: Permission): PaymentsActor {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return {
    merchantCode: operator.merchantCode,
    operatorId: operator.id,
    operatorUsername: operator.username,
    operatorRole: operator.role,
    ip: request.ip,
    currency: request.merchant?.currency.trim() ?? '',
  };
}

/** The console's payment methods calls (registered with the operator guard). */
export function registerPaymentMethodsAdminRoutes(
  registerAdminCall: RegisterCall,
  methods: PaymentMethodsAdminService,
): void {
  registerAdminCall(adminPaymentMethodsCall, async ({ request }) =>
    methods.methods(actorOf(request, 'deposits:read')),
  );
  registerAdminCall(adminUpdatePaymentMethodCall, async ({ request, body }) => {
    const { code, ...change } = body;
    return methods.update(actorOf(request, 'payments:edit'), code, change);
  });
  registerAdminCall(adminUpdateBankDetailsCall, async ({ request, body }) =>
    methods.setBankDetails(actorOf(request, 'payments:edit'), body.code, body.bankDetails),
  );
  registerAdminCall(adminWithdrawalLimitsCall, async ({ request }) =>
    methods.withdrawalLimits(actorOf(request, 'withdrawals:read')),
  );
  registerAdminCall(adminUpdateWithdrawalLimitsCall, async ({ request, body }) =>
    methods.setWithdrawalLimits(actorOf(request, 'payments:edit'), body),
  );
  registerAdminCall(adminWithdrawalBanksCall, async ({ request }) =>
    methods.withdrawalBanks(actorOf(request, 'withdrawals:read')),
  );
  registerAdminCall(adminAddWithdrawalBankCall, async ({ request, body }) =>
    methods.addWithdrawalBank(actorOf(request, 'payments:edit'), body.name),
  );
  registerAdminCall(adminUpdateWithdrawalBankCall, async ({ request, body }) => {
    const { id, ...change } = body;
    return methods.updateWithdrawalBank(actorOf(request, 'payments:edit'), id, change);
  });
}
