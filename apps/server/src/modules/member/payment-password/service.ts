import { checkRegisterField } from '@app/contract';
import { AppError } from '../../../http/app-error.js';
import type { Merchant } from '../../system/index.js';
import { hashPassword, verifyPassword } from '../password.js';
import type { PaymentPasswordService } from '../service-interface.js';
import type { PaymentPasswordRepository } from './repository.js';

/**
 * The payment password guards money leaving the account (withdrawals, transfers). It follows
 * the merchant's `paymentPassword` rule and is set or changed only with the login password.
 */
/** A payment password against the merchant's `paymentPassword` rule, which always applies. */
function checkPaymentPasswordRule(merchant: Merchant, paymentPassword: string): void {
  const rule = { ...merchant.registerSettings.paymentPassword, enabled: true, required: true };
  const problem = checkRegisterField(rule, paymentPassword);
  if (problem?.kind === 'required') {
    throw new AppError('VALIDATION_FAILED', { field: 'paymentPassword' });
  }
  if (problem) {
    throw new AppError('REG_FIELD_INVALID', {
      field: 'paymentPassword',
      patternId: problem.patternId,
      minLength: problem.minLength,
      maxLength: problem.maxLength,
    });
  }
}

export function createPaymentPasswordService(
  repository: PaymentPasswordRepository,
): PaymentPasswordService {
  return {
    /**
     * The hash to store with a new account whose registration form asked for the payment
     * password (the login password is being chosen in the same form, so it is not asked).
     */
    async hashForNewAccount(merchant: Merchant, paymentPassword: string): Promise<string> {
      checkPaymentPasswordRule(merchant, paymentPassword);
      return hashPassword(paymentPassword);
    },

    async set(input: {
      merchant: Merchant;
      memberId: bigint;
      loginPassword: string;
      paymentPassword: string;
      confirmPaymentPassword: string;
    }): Promise<void> {
      checkPaymentPasswordRule(input.merchant, input.paymentPassword);
      if (input.confirmPaymentPassword !== input.paymentPassword) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmPaymentPassword' });
      }
      const member = await repository.find(input.memberId);
      if (!member) throw new AppError('SESSION_EXPIRED');
      if (!(await verifyPassword(member.passwordHash, input.loginPassword))) {
        throw new AppError('OLD_PASSWORD_INVALID', { field: 'loginPassword' });
      }
      await repository.set(input.memberId, await hashPassword(input.paymentPassword));
    },

    async setProven(input) {
      checkPaymentPasswordRule(input.merchant, input.paymentPassword);
      if (input.confirmPaymentPassword !== input.paymentPassword) {
        throw new AppError('PASSWORD_CONFIRM_MISMATCH', { field: 'confirmPaymentPassword' });
      }
      if (!(await repository.find(input.memberId))) throw new AppError('SESSION_EXPIRED');
      await repository.set(input.memberId, await hashPassword(input.paymentPassword));
    },

    /** Throws unless the member has a payment password and this is it. */
    async verify(memberId: bigint, paymentPassword: string): Promise<void> {
      const member = await repository.find(memberId);
      if (!member?.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
      if (!(await verifyPassword(member.paymentPasswordHash, paymentPassword))) {
        throw new AppError('PAYMENT_PASSWORD_INVALID', { field: 'paymentPassword' });
      }
    },

    /** The real name given at registration, which bank accounts must carry; null when none. */
    async payeeName(memberId: bigint): Promise<string | null> {
      return (await repository.find(memberId))?.payeeName ?? null;
    },
  };
}

export type { PaymentPasswordService } from '../service-interface.js';
