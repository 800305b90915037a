import {
  addBankAccountCall,
  bankAccountsCall,
  createWithdrawalCall,
  setPaymentPasswordCall,
  withdrawalsCall,
} from '@app/contract';
import type { RegisterCall } from '../../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../../http/rate-limit.js';
import type { PaymentPasswordService } from '../../member/index.js';
import { requireRealMember } from '../../session/index.js';
import { merchantOf } from '../../system/index.js';
import type { WithdrawalService } from './service.js';

/** Setting the payment password (guessing the login password through it): per member. */
export const PAYMENT_PASSWORD_LIMIT: RateLimitRule = {
  name: 'payment-password',
  limit: 5,
  windowMs: 15 * 60 * 1000,
};
/** Withdrawal requests (guessing the payment password through them): per member. */
export const WITHDRAWAL_REQUEST_LIMIT: RateLimitRule = {
  name: 'withdrawal-request',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

export function registerWithdrawalRoutes(
  registerCall: RegisterCall,
  deps: {
    withdrawals: WithdrawalService;
    paymentPasswords: PaymentPasswordService;
    rateLimit: RateLimiter;
  },
): void {
  const { withdrawals, paymentPasswords, rateLimit } = deps;

  registerCall(bankAccountsCall, async ({ request }) =>
    withdrawals.bankAccounts(requireRealMember(request).memberId),
  );

  registerCall(addBankAccountCall, async ({ body, request }) =>
    withdrawals.addBankAccount(requireRealMember(request).memberId, body),
  );

  registerCall(setPaymentPasswordCall, async ({ body, request }) => {
    const memberId = requireRealMember(request).memberId;
    await rateLimit(PAYMENT_PASSWORD_LIMIT, memberId.toString());
    await paymentPasswords.set({ merchant: merchantOf(request), memberId, ...body });
    return null;
  });

  registerCall(createWithdrawalCall, async ({ body, request }) => {
    const memberId = requireRealMember(request).memberId;
    await rateLimit(WITHDRAWAL_REQUEST_LIMIT, memberId.toString());
    const key = request.headers['idempotency-key'];
    return withdrawals.request({
      merchant: merchantOf(request),
      memberId,
      ...body,
      idempotencyKey: Array.isArray(key) ? key[0] : key,
    });
  });

  registerCall(withdrawalsCall, async ({ request }) =>
    withdrawals.ofMember(requireRealMember(request).memberId),
  );
}
