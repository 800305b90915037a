import { randomUUID } from 'node:crypto';
import {
  amountToMinor,
  DEPOSIT_LIST_LIMIT,
  type Deposit,
  minorToAmount,
  type PaymentMethod,
} from '@app/contract';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { LedgerService } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';
import { creditDepositInLedger } from './credit.js';
import type { DepositRecord, PaymentsRepository } from './repository.js';
import type { SandboxGateway } from './sandbox/gateway.js';
import { verifyCallbackSignature } from './signature.js';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

const callbackSchema = z.object({
  merchantCode: z.string().max(32),
  methodCode: z.string().max(40),
  paymentId: z.string().max(100),
  merchantOrderId: z.uuid(),
  amountMinor: z.string().regex(/^[1-9][0-9]{0,17}$/),
  currency: z.string().length(3),
  status: z.enum(['paid', 'declined']),
});

export { clearingAccountCode } from './credit.js';

/** A member's request for a deposit. */
export interface CreateDepositInput {
  merchant: Merchant;
  memberId: bigint;
  methodCode: string;
  amount: number;
  /** Manual bank methods: the reference the player wrote on the bank transfer. */
  payerReference?: string | undefined;
  idempotencyKey: string | undefined;
}

/** A gateway's signed callback as the route received it. */
export interface PaymentCallbackInput {
  merchantCode: string;
  methodCode: string;
  rawBody: string;
  timestamp: string;
  signature: string;
}

/** Deposits: the methods offered, deposits made and followed, and the gateways' callbacks. */
export interface PaymentsService {
  /** The merchant's enabled payment methods in its currency. */
  methods(merchant: Merchant): Promise<PaymentMethod[]>;
  /** Starts a deposit (gateway or manual bank); a retry with the same key answers the same one. */
  createDeposit(input: CreateDepositInput): Promise<Deposit>;
  /** One of the member's own deposits; any other is NOT_FOUND. */
  deposit(merchant: Merchant, memberId: bigint, depositId: string): Promise<Deposit>;
  /** The member's latest deposits in every state, newest first (the deposit page's list). */
  deposits(merchant: Merchant, memberId: bigint): Promise<Deposit[]>;
  /** Applies a gateway's signed word on a payment, at most once; FORBIDDEN when it does not check out. */
  handleCallback(input: PaymentCallbackInput): Promise<void>;
}

export function createPaymentsService(deps: {
  repository: PaymentsRepository;
  ledger: LedgerService;
  gateway: SandboxGateway;
  now?: () => number;
}): PaymentsService {
  const { repository, ledger, gateway } = deps;
  const now = deps.now ?? Date.now;

  function view(deposit: DepositRecord): Deposit {
    return {
      depositId: deposit.id,
      methodCode: deposit.methodCode,
      amount: minorToAmount(deposit.amountMinor),
      currency: deposit.currency,
      // An approval under way is still pending for the player.
      status: deposit.status === 'approving' ? 'pending' : deposit.status,
      payUrl:
        deposit.status === 'pending' && deposit.gatewayPaymentId
          ? gateway.payUrlFor(deposit.gatewayPaymentId)
          : null,
      createdAt: deposit.createdAt.toISOString(),
    };
  }

  async function enabledMethod(merchant: Merchant, methodCode: string) {
    const method = (await repository.methods(merchant.code)).find(
      (candidate) => candidate.code === methodCode,
    );
    if (!method?.enabled || method.currency !== merchant.currency) {
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE', { field: 'methodCode' });
    }
    return method;
  }

  async function credit(deposit: DepositRecord, paymentId: string) {
    await creditDepositInLedger(ledger, deposit, paymentId, repository.transaction);
    await repository.resolveDeposit(deposit.id, 'completed');
  }

  return {
    async methods(merchant) {
      const methods = await repository.methods(merchant.code);
      return methods
        .filter((method) => method.enabled && method.currency === merchant.currency)
        .map((method) => ({
          code: method.code,
          name: method.name,
          kind: method.kind,
          currency: method.currency,
          minAmount: minorToAmount(method.minAmountMinor),
          maxAmount: minorToAmount(method.maxAmountMinor),
          bankDetails: method.kind === 'manual_bank' ? method.bankDetails : null,
        }));
    },

    async createDeposit(input) {
      const { merchant, memberId, idempotencyKey } = input;
      if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
      }
      const method = await enabledMethod(merchant, input.methodCode);
      const manual = method.kind === 'manual_bank';
      if (manual && !method.bankDetails) {
        throw new AppError('PAYMENT_METHOD_UNAVAILABLE', { field: 'methodCode' });
      }
      const payerReference = manual ? (input.payerReference ?? null) : null;
      if (manual && !payerReference) {
        throw new AppError('VALIDATION_FAILED', { field: 'payerReference' });
      }
      const amountMinor = amountToMinor(input.amount);
      if (amountMinor < method.minAmountMinor || amountMinor > method.maxAmountMinor) {
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          field: 'amount',
          minAmount: minorToAmount(method.minAmountMinor),
          maxAmount: minorToAmount(method.maxAmountMinor),
        });
      }
      const replay = async () => {
        const existing = idempotencyKey
          ? await repository.findDepositByKey(memberId, idempotencyKey)
          : undefined;
        if (!existing) return undefined;
        if (
          existing.methodCode !== method.code ||
          existing.amountMinor !== amountMinor ||
          existing.payerReference !== payerReference
        ) {
          throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
        }
        return existing;
      };
      let deposit = await replay();
      if (!deposit) {
        const id = randomUUID();
        const inserted = await repository.insertDeposit({
          id,
          merchantCode: merchant.code,
          memberId,
          methodCode: method.code,
          amountMinor,
          currency: merchant.currency,
          status: 'pending',
          idempotencyKey: idempotencyKey ?? null,
          payerReference,
        });
        deposit = inserted ? await repository.findDeposit(id) : await replay();
        if (!deposit) throw new Error(`deposit ${id} vanished`);
      }
      // A manual deposit waits for an operator; only gateway methods have a page to pay on.
      if (!manual && !deposit.gatewayPaymentId) {
        const { paymentId } = await gateway.createPayment({
          merchantCode: merchant.code,
          methodCode: method.code,
          merchantOrderId: deposit.id,
          amountMinor: deposit.amountMinor,
          currency: deposit.currency,
          returnUrl: `/?deposit=${deposit.id}`,
        });
        await repository.setGatewayPayment(deposit.id, paymentId);
        deposit = { ...deposit, gatewayPaymentId: paymentId };
      }
      return view(deposit);
    },

    async deposits(merchant, memberId) {
      const records = await repository.depositsOfMember(
        merchant.code,
        memberId,
        DEPOSIT_LIST_LIMIT,
      );
      return records.map(view);
    },

    async deposit(merchant, memberId, depositId) {
      const deposit = await repository.findDeposit(depositId);
      // Another member's deposit is answered exactly like one that does not exist.
      if (!deposit || deposit.memberId !== memberId || deposit.merchantCode !== merchant.code) {
        throw new AppError('NOT_FOUND');
      }
      return view(deposit);
    },

    /**
     * A gateway's word on a payment: checked against the method's secret and against the
     * deposit it names (merchant, method, amount, currency), then applied at most once.
     */
    async handleCallback(input) {
      const method = (await repository.methods(input.merchantCode)).find(
        (candidate) => candidate.code === input.methodCode,
      );
      // Manual deposits are decided by operators only, never by a callback.
      if (
        !method ||
        method.kind === 'manual_bank' ||
        !verifyCallbackSignature({
          rawBody: input.rawBody,
          timestamp: input.timestamp,
          signature: input.signature,
          secret: method.callbackSecret,
          nowMs: now(),
        })
      ) {
        throw new AppError('FORBIDDEN');
      }
      let parsedJson: unknown;
      try {
        parsedJson = JSON.parse(input.rawBody);
      } catch {
        throw new AppError('VALIDATION_FAILED');
      }
      const callback = callbackSchema.safeParse(parsedJson);
      if (!callback.success) throw new AppError('VALIDATION_FAILED');
      const body = callback.data;
      const deposit = await repository.findDeposit(body.merchantOrderId);
      if (
        !deposit ||
        deposit.merchantCode !== input.merchantCode ||
        body.merchantCode !== input.merchantCode ||
        deposit.methodCode !== input.methodCode ||
        body.methodCode !== input.methodCode ||
        deposit.amountMinor !== BigInt(body.amountMinor) ||
        deposit.currency !== body.currency
      ) {
        throw new AppError('FORBIDDEN');
      }
      if (body.status === 'paid') await credit(deposit, body.paymentId);
      else await repository.resolveDeposit(deposit.id, 'failed');
    },
  };
}
