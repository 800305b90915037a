import {
  PHONE_PROVIDER_RETRY_AFTER_SECONDS,
  type PhoneProviderCode,
  phoneProviderErrorCodes,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { SmsProvider } from './provider.js';

/** A gateway that does not answer in this time is given up on (the caller sees an error). */
export const TWILIO_REQUEST_TIMEOUT_MS = 10_000;
/** How much of an error answer is kept in the log (Twilio's JSON errors are short). */
const ERROR_BODY_LOG_MAX_CHARS = 500;

/**
 * Twilio's error codes (its test credentials answer them for its magic numbers) as SPEC §8's
 * phone provider codes; any other refusal is `unknown`.
 */
const twilioProviderCodes: Readonly<Record<number, PhoneProviderCode>> = {
  21211: 'invalid-phone-number',
  21614: 'invalid-phone-number',
  21612: 'invalid-phone-number',
  21604: 'missing-phone-number',
  20429: 'too-many-requests',
  14107: 'too-many-requests',
  30023: 'quota-exceeded',
  21408: 'operation-not-allowed',
  21610: 'operation-not-allowed',
};

/** The AppError of a provider failure: SPEC §8's code, with its wait where the spec gives one. */
export function phoneProviderError(providerCode: PhoneProviderCode): AppError {
  return new AppError(phoneProviderErrorCodes[providerCode], {
    field: 'mobileNum',
    providerCode,
    ...(providerCode === 'too-many-requests'
      ? { retryAfterSeconds: PHONE_PROVIDER_RETRY_AFTER_SECONDS }
      : {}),
  });
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number in E.164 (+15005550006) or a messaging service SID. */
  from: string;
  /** https://api.twilio.com, or a local fake in tests. */
  baseUrl: string;
  /** Where failures are reported; never given the token. */
  logError: (details: object, message: string) => void;
  /** Defaults to TWILIO_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * Sends SMS through Twilio's Messages API: a form POST with HTTP Basic auth (account SID and
 * auth token). Any failure is logged (status, Twilio's code, never the token) and answered to
 * the caller as SPEC §8's phone provider code (`phoneProviderError`); an unreachable gateway
 * as SMS_SEND_FAILED.
 */
export function createTwilioSmsProvider(options: TwilioOptions): SmsProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(
    options.accountSid,
  )}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender = options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';

  return {
    async send(message) {
      const form = new URLSearchParams({
        To: `+${message.number}`,
        [sender]: options.from,
        Body: message.text,
      });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? TWILIO_REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        options.logError(
          {
            provider: 'twilio',
            merchantCode: message.merchantCode,
            error: error instanceof Error ? error.name : 'unknown',
          },
          'sms provider unreachable',
        );
        throw new AppError('SMS_SEND_FAILED');
      }
      if (!response.ok) {
        const body = (await response.text().catch(() => '')).slice(0, ERROR_BODY_LOG_MAX_CHARS);
        let twilioCode: unknown;
        try {
          twilioCode = (JSON.parse(body) as { code?: unknown }).code;
        } catch {
          twilioCode = undefined;
        }
        options.logError(
          {
            provider: 'twilio',
            merchantCode: message.merchantCode,
            status: response.status,
            twilioCode,
            body: body.replaceAll(options.authToken, '[redacted]'),
          },
          'sms provider refused the message',
        );
        throw phoneProviderError(
          (typeof twilioCode === 'number' && twilioProviderCodes[twilioCode]) || 'unknown',
        );
      }
      // The message's answer body is not needed; drain it so the connection is reused.
      await response.arrayBuffer().catch(() => undefined);
    },
  };
}
