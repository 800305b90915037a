import { providerTransferAnswerSchema, providerTransferStatusAnswerSchema } from '@app/contract';
import { signedHeaders } from '../seamless/signature.js';

/** How long the platform waits for a provider's transfer answer before asking for its status. */
export const PROVIDER_CALL_TIMEOUT_MS = 5_000;

export interface TransferProvider {
  code: string;
  launchUrl: string;
  apiSecret: string | null;
}

/** The provider's API base: `launch_url`'s origin + `/api` (a site-path launch URL: the site's). */
export function providerApiBase(launchUrl: string, siteBaseUrl: string): string {
  return `${new URL(launchUrl, siteBaseUrl).origin}/api`;
}

/** What came back: the provider's answer, or nothing known (timeout, network, bad answer). */
export type ProviderReply<T> = { known: true; answer: T } | { known: false; reason: string };

/** Answers may come bare or in the site's envelope (`{success: true, value}`). */
function unwrapped(value: unknown): unknown {
  if (value && typeof value === 'object' && 'success' in value && 'value' in value) {
    return (value as { value: unknown }).value;
  }
  return value;
}

/** Signed calls from the platform to a transfer-mode provider's API. */
export function createTransferClient(options: {
  siteBaseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? PROVIDER_CALL_TIMEOUT_MS;

  async function post<T>(
    provider: TransferProvider,
    path: string,
    body: object,
    parse: (value: unknown) => T | undefined,
  ): Promise<ProviderReply<T>> {
    if (!provider.apiSecret) return { known: false, reason: 'provider has no api secret' };
    const rawBody = JSON.stringify(body);
    try {
      const response = await doFetch(
        `${providerApiBase(provider.launchUrl, options.siteBaseUrl)}${path}`,
        {
          method: 'POST',
          headers: signedHeaders(provider.apiSecret, rawBody),
          body: rawBody,
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
      if (!response.ok) return { known: false, reason: `status ${response.status}` };
      const answer = parse(unwrapped(await response.json()));
      return answer === undefined
        ? { known: false, reason: 'answer not understood' }
        : { known: true, answer };
    } catch (error) {
      return { known: false, reason: error instanceof Error ? error.name : 'failed' };
    }
  }

  return {
    transfer(
      provider: TransferProvider,
      body: { transferId: string; playerRef: string; direction: 'in' | 'out'; amountMinor: number },
    ) {
      return post(provider, '/transfer', body, (value) => {
        const parsed = providerTransferAnswerSchema.safeParse(value);
        return parsed.success ? parsed.data : undefined;
      });
    },
    status(provider: TransferProvider, transferId: string) {
      return post(provider, '/transfer/status', { transferId }, (value) => {
        const parsed = providerTransferStatusAnswerSchema.safeParse(value);
        return parsed.success ? parsed.data : undefined;
      });
    },
  };
}

export type TransferClient = ReturnType<typeof createTransferClient>;
