import { randomBytes } from 'node:crypto';
import { callbackTimestamp, signCallback } from '../signature.js';
import type { SandboxPayment, SandboxRepository } from './repository.js';

/** Deliveries of one callback before the gateway gives up, as real gateways do. */
export const SANDBOX_CALLBACK_MAX_ATTEMPTS = 20;
export const SANDBOX_REDELIVERY_BATCH = 100;
export const SANDBOX_PAY_PATH = '/sandbox-gateway/pay';

/** The callback a merchant receives, as JSON; amounts travel as strings of minor units. */
export interface SandboxCallbackBody {
  merchantCode: string;
  methodCode: string;
  paymentId: string;
  merchantOrderId: string;
  amountMinor: string;
  currency: string;
  status: 'paid' | 'declined';
}

/** Where the gateway sends callbacks: the merchant's callback endpoint, in-process here. */
export type CallbackReceiver = (input: {
  merchantCode: string;
  methodCode: string;
  rawBody: string;
  timestamp: string;
  signature: string;
}) => Promise<void>;

/** A merchant's order as the sandbox gateway receives it. */
export interface SandboxPaymentInput {
  merchantCode: string;
  methodCode: string;
  merchantOrderId: string;
  amountMinor: bigint;
  currency: string;
  returnUrl: string;
}

/** The sandbox payment gateway: hosted payment page, signed callbacks, redelivery. */
export interface SandboxGateway {
  /** Opens a payment for a merchant's order; the same order twice is the same payment. */
  createPayment(input: SandboxPaymentInput): Promise<{ paymentId: string; payUrl: string }>;
  /** The hosted payment page's path of a payment. */
  payUrlFor(paymentId: string): string;
  /** A payment of the gateway's own records, if any. */
  find(paymentId: string): Promise<SandboxPayment | undefined>;
  /** The payer pays or declines, once; the callback follows without holding up the payer. */
  finish(paymentId: string, outcome: 'paid' | 'declined'): Promise<boolean>;
  /** Sends a finished payment's callback; answers whether the merchant acknowledged it. */
  deliver(paymentId: string): Promise<boolean>;
  /** Sends again every callback not yet acknowledged; the job runs this every minute. */
  redeliver(): Promise<number>;
}

/**
 * A payment gateway built into the server for demos and tests, behaving like an outside one:
 * it keeps its own records, shows a hosted payment page, and tells the merchant the outcome
 * by a signed callback, delivered after the payer's choice and again until acknowledged.
 */
export function createSandboxGateway(deps: {
  repository: SandboxRepository;
  secretOf: (merchantCode: string, methodCode: string) => Promise<string | undefined>;
  receiver: () => CallbackReceiver;
  onDeliveryError: (paymentId: string, error: unknown) => void;
  now?: () => number;
}): SandboxGateway {
  const { repository } = deps;
  const now = deps.now ?? Date.now;

  async function deliver(paymentId: string): Promise<boolean> {
    const payment = await repository.find(paymentId);
    if (!payment || payment.status === 'created') return false;
    const secret = await deps.secretOf(payment.merchantCode, payment.methodCode);
    if (!secret) return false;
    const body: SandboxCallbackBody = {
      merchantCode: payment.merchantCode,
      methodCode: payment.methodCode,
      paymentId: payment.id,
      merchantOrderId: payment.merchantOrderId,
      amountMinor: payment.amountMinor.toString(),
      currency: payment.currency,
      status: payment.status,
    };
    const rawBody = JSON.stringify(body);
    // Each delivery is signed at its own time, so a redelivery is never refused as too old.
    const timestamp = callbackTimestamp(now());
    try {
      await deps.receiver()({
        merchantCode: payment.merchantCode,
        methodCode: payment.methodCode,
        rawBody,
        timestamp,
        signature: signCallback(timestamp, rawBody, secret),
      });
      await repository.recordAttempt(paymentId, true);
      return true;
    } catch (error) {
      await repository.recordAttempt(paymentId, false);
      deps.onDeliveryError(paymentId, error);
      return false;
    }
  }

  return {
    async createPayment(input) {
      await repository.insert({
        id: `sbx_${randomBytes(12).toString('hex')}`,
        status: 'created',
        ...input,
      });
      const paymentId = await repository.findByOrder(input.merchantOrderId);
      if (!paymentId) throw new Error(`sandbox payment for ${input.merchantOrderId} vanished`);
      return { paymentId, payUrl: `${SANDBOX_PAY_PATH}/${paymentId}` };
    },

    payUrlFor(paymentId) {
      return `${SANDBOX_PAY_PATH}/${paymentId}`;
    },

    find(paymentId) {
      return repository.find(paymentId);
    },

    async finish(paymentId, outcome) {
      const changed = await repository.finish(paymentId, outcome);
      if (changed) {
        setImmediate(() => {
          deliver(paymentId).catch((error) => deps.onDeliveryError(paymentId, error));
        });
      }
      return changed;
    },

    deliver,

    async redeliver() {
      const ids = await repository.unacknowledged(
        SANDBOX_CALLBACK_MAX_ATTEMPTS,
        SANDBOX_REDELIVERY_BATCH,
      );
      let delivered = 0;
      for (const id of ids) if (await deliver(id)) delivered += 1;
      return delivered;
    },
  };
}
