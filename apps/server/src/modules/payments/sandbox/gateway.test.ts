import { describe, expect, it } from 'vitest';
import { CALLBACK_MAX_AGE_MS, signCallback, verifyCallbackSignature } from '../signature.js';
import { type CallbackReceiver, createSandboxGateway } from './gateway.js';
import type { SandboxPayment, SandboxRepository } from './repository.js';

const SECRET = 'sandbox-secret';

/** One paid payment, never acknowledged, in memory. */
function memoryRepository(): SandboxRepository {
  const payment: SandboxPayment = {
    id: 'sbx_000000000000000000000001',
    merchantCode: 'DEMO',
    methodCode: 'sandbox',
    merchantOrderId: 'dep-1',
    amountMinor: 2_000_000n,
    currency: 'VND',
    returnUrl: '/',
    status: 'paid',
  };
  return {
    insert: async () => {},
    find: async (id: string) => (id === payment.id ? payment : undefined),
    findByOrder: async () => payment.id,
    finish: async () => false,
    recordAttempt: async () => {},
    unacknowledged: async () => [payment.id],
  } as unknown as SandboxRepository;
}

describe('sandbox gateway callbacks', () => {
  it('signs each delivery with its own fresh timestamp, so redeliveries stay valid', async () => {
    let nowMs = Date.UTC(2026, 10, 26, 5, 0, 0);
    const received: Array<{ timestamp: string; valid: boolean }> = [];
    const receiver: CallbackReceiver = async (input) => {
      received.push({
        timestamp: input.timestamp,
        valid: verifyCallbackSignature({ ...input, secret: SECRET, nowMs }),
      });
      throw new Error('merchant down');
    };
    const gateway = createSandboxGateway({
      repository: memoryRepository(),
      secretOf: async () => SECRET,
      receiver: () => receiver,
      onDeliveryError: () => {},
      now: () => nowMs,
    });
    await gateway.redeliver();
    nowMs += CALLBACK_MAX_AGE_MS * 3;
    await gateway.redeliver();
    expect(received).toHaveLength(2);
    expect(received.every((delivery) => delivery.valid)).toBe(true);
    expect(received[1]?.timestamp).not.toBe(received[0]?.timestamp);
  });
});

describe('verifyCallbackSignature', () => {
  const rawBody = '{"a":1}';
  const nowMs = Date.UTC(2026, 10, 26, 5, 0, 0);
  const at = (offsetMs: number) => String(Math.floor((nowMs + offsetMs) / 1000));
  const check = (timestamp: string, signedTimestamp = timestamp) =>
    verifyCallbackSignature({
      rawBody,
      timestamp,
      signature: signCallback(signedTimestamp, rawBody, SECRET),
      secret: SECRET,
      nowMs,
    });

  it('accepts skew up to the limit either way and refuses beyond it', () => {
    expect(check(at(0))).toBe(true);
    expect(check(at(-CALLBACK_MAX_AGE_MS + 1000))).toBe(true);
    expect(check(at(CALLBACK_MAX_AGE_MS - 1000))).toBe(true);
    expect(check(at(-CALLBACK_MAX_AGE_MS - 1000))).toBe(false);
    expect(check(at(CALLBACK_MAX_AGE_MS + 1000))).toBe(false);
  });

  it('refuses a timestamp that was not the one signed, and malformed ones', () => {
    expect(check(at(0), at(-1000))).toBe(false);
    expect(check('')).toBe(false);
    expect(check('1e9')).toBe(false);
    expect(check(`${at(0)}.5`)).toBe(false);
  });
});
