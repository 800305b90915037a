import {
  addBankAccountCall,
  bankAccountsCall,
  confirmWithdrawalCall,
  createWithdrawalCall,
  sendWithdrawalCodeCall,
  setPaymentPasswordCall,
  WITHDRAWAL_PROOF_PATH,
  withdrawalBanksCall,
  withdrawalsCall,
} from '@app/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.js';
import type { Authenticate, RegisterCall } from '../../../http/call-route.js';
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

/** Verification codes for a withdrawal from a new address: per member (each one sends). */
export const WITHDRAWAL_CODE_SEND_LIMIT: RateLimitRule = {
  name: 'withdrawal-code-send',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};
/** Received / not received answers: per member. */
export const WITHDRAWAL_CONFIRM_LIMIT: RateLimitRule = {
  name: 'withdrawal-confirm',
  limit: 30,
  windowMs: 15 * 60 * 1000,
};

const proofQuerySchema = z.object({ withdrawalId: z.uuid() });
const PROOF_CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg' } as const;

/** The withdrawal id of a proof request, or VALIDATION_FAILED. */
export function proofWithdrawalIdOf(query: unknown): string {
  const parsed = proofQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: 'withdrawalId' });
  return parsed.data.withdrawalId;
}

/**
 * Sends a stored proof: the content type comes from the kind checked by magic bytes at upload,
 * never from what the uploader said, and nosniff keeps browsers from guessing another.
 */
export function sendProofImage(
  reply: FastifyReply,
  proof: { kind: 'png' | 'jpeg'; bytes: Buffer },
): FastifyReply {
  return reply
    .header('Content-Type', PROOF_CONTENT_TYPES[proof.kind])
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Disposition',
      `inline; filename="proof.${proof.kind === 'png' ? 'png' : 'jpg'}"`,
    )
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .send(proof.bytes);
}

/** The operator's proof of the member's own withdrawal, as the image itself. */
export function registerWithdrawalProofRoute(
  app: FastifyInstance,
  deps: { withdrawals: WithdrawalService; authenticate: Authenticate },
): void {
  app.get(WITHDRAWAL_PROOF_PATH, { preHandler: deps.authenticate }, async (request, reply) => {
    const query = proofQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('VALIDATION_FAILED', { field: 'withdrawalId' });
    const proof = await deps.withdrawals.proofOf(
      requireRealMember(request).memberId,
      query.data.withdrawalId,
    );
    return reply
      .header('Content-Type', PROOF_CONTENT_TYPES[proof.kind])
      .header('X-Content-Type-Options', 'nosniff')
      .header(
        'Content-Disposition',
        `inline; filename="proof.${proof.kind === 'png' ? 'png' : 'jpg'}"`,
      )
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(proof.bytes);
  });
}

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
    withdrawals.addBankAccount(requireRealMember(request).memberId, body, merchantOf(request).code),
  );

  registerCall(withdrawalBanksCall, async ({ request }) => {
    requireRealMember(request);
    return { banks: await withdrawals.banks(merchantOf(request).code) };
  });

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
      ip: request.ip,
    });
  });

  registerCall(sendWithdrawalCodeCall, async ({ request }) => {
    const memberId = requireRealMember(request).memberId;
    await rateLimit(WITHDRAWAL_CODE_SEND_LIMIT, memberId.toString());
    return withdrawals.sendVerificationCode({
      merchant: merchantOf(request),
      memberId,
      ip: request.ip,
    });
  });

  registerCall(confirmWithdrawalCall, async ({ body, request }) => {
    const memberId = requireRealMember(request).memberId;
    await rateLimit(WITHDRAWAL_CONFIRM_LIMIT, memberId.toString());
    return withdrawals.confirm({
      merchantCode: merchantOf(request).code,
      memberId,
      withdrawalId: body.withdrawalId,
      received: body.received,
    });
  });

  registerCall(withdrawalsCall, async ({ request }) =>
    withdrawals.ofMember(requireRealMember(request).memberId),
  );
}
