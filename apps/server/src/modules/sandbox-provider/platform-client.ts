import { SIGNATURE_HEADER, SIGNATURE_TIMESTAMP_HEADER, signSeamlessBody } from './signature.js';

/** How long one call to the platform may take before the provider counts it as failed. */
export const PLATFORM_CALL_TIMEOUT_MS = 5_000;
/** The largest answer read from the platform; its answers are small JSON envelopes. */
export const PLATFORM_ANSWER_MAX_BYTES = 64 * 1024;

export interface AuthenticateValue {
  sessionId: string;
  currency: string;
  balanceMinor: number;
  language: string;
  gameCode: string;
  nodeId: number | null;
  roomId: string | null;
}

export interface MoneyValue {
  balanceMinor: number;
  transactionId: string;
}

/**
 * A call's outcome as the provider needs it: the value; a refusal (the platform answered with
 * an error code: final, retrying changes nothing); or unavailable (timeout, network, 5xx, an
 * answer that makes no sense: the outcome is unknown, so the same call may be sent again).
 */
export type PlatformAnswer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; status: number; errorCode: string }
  | { kind: 'unavailable'; reason: string };

export interface PlatformClientOptions {
  baseUrl: string;
  vassalage: string;
  /** The provider's api_secret, read when a call is made (the seed may set it after start). */
  secret: () => Promise<string | undefined>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

function isEnvelope(body: unknown): body is {
  success: boolean;
  value?: unknown;
  errorCode?: unknown;
} {
  return typeof body === 'object' && body !== null && 'success' in body;
}

/**
 * The provider's side of the seamless-wallet protocol: signed JSON POSTs to
 * `<platform>/seamless/v1/<vassalage>/<action>`, over real HTTP as any outside provider does.
 */
export function createPlatformClient(options: PlatformClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? PLATFORM_CALL_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(action: string, body: object): Promise<PlatformAnswer<T>> {
    const secret = await options.secret();
    if (!secret) return { kind: 'unavailable', reason: 'provider secret not configured' };
    const rawBody = JSON.stringify(body);
    const timestampMs = now();
    let response: Response;
    try {
      response = await doFetch(
        `${base}/seamless/v1/${encodeURIComponent(options.vassalage)}/${action}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_TIMESTAMP_HEADER]: String(timestampMs),
            [SIGNATURE_HEADER]: signSeamlessBody(secret, timestampMs, rawBody),
          },
          body: rawBody,
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (error) {
      return { kind: 'unavailable', reason: error instanceof Error ? error.name : 'network' };
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      return { kind: 'unavailable', reason: `status ${response.status}` };
    }
    let parsed: unknown;
    try {
      const text = await response.text();
      if (text.length > PLATFORM_ANSWER_MAX_BYTES) {
        return { kind: 'unavailable', reason: 'answer too large' };
      }
      parsed = JSON.parse(text);
    } catch {
      return { kind: 'unavailable', reason: `unreadable answer (status ${response.status})` };
    }
    if (!isEnvelope(parsed)) return { kind: 'unavailable', reason: 'not an envelope' };
    if (parsed.success) return { kind: 'ok', value: parsed.value as T };
    return {
      kind: 'refused',
      status: response.status,
      errorCode: typeof parsed.errorCode === 'string' ? parsed.errorCode : 'UNKNOWN',
    };
  }

  return {
    authenticate: (launchToken: string) => call<AuthenticateValue>('authenticate', { launchToken }),
    balance: (sessionId: string) =>
      call<{ balanceMinor: number; currency: string }>('balance', { sessionId }),
    bet: (input: {
      sessionId: string;
      transactionId: string;
      roundId: string;
      amountMinor: number;
      gameCode: string;
      detail?: object;
    }) => call<MoneyValue>('bet', input),
    win: (input: {
      sessionId: string;
      transactionId: string;
      roundId: string;
      amountMinor: number;
      roundClosed: boolean;
      detail?: object;
    }) => call<MoneyValue>('win', input),
    rollback: (input: {
      sessionId: string;
      transactionId: string;
      refTransactionId: string;
      roundId: string;
    }) => call<MoneyValue>('rollback', input),
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
