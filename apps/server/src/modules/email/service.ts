import type { EmailProvider } from './provider.js';
import type { EmailRepository } from './repository.js';
import { type EmailLanguage, escapeHtml, passwordResetEmail } from './templates.js';

/** Outbox messages are kept this long (like the SMS outbox). */
export const EMAIL_OUTBOX_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

export function createEmailService(repository: EmailRepository, provider: EmailProvider) {
  return {
    /** Sends the forgot-password link; a provider failure is thrown to the caller. */
    sendPasswordReset(input: {
      merchantCode: string;
      siteName: string;
      to: string;
      username: string;
      link: string;
      validMinutes: number;
      language: EmailLanguage;
    }): Promise<void> {
      const rendered = passwordResetEmail(input);
      return provider.send({ merchantCode: input.merchantCode, to: input.to, ...rendered });
    },

    /** The code that verifies a withdrawal from a new address (payments module). */
    sendWithdrawalCode(input: {
      merchantCode: string;
      siteName: string;
      to: string;
      code: string;
      validMinutes: number;
    }): Promise<void> {
      const line = `Your withdrawal verification code is ${input.code}. It is valid for ${input.validMinutes} minutes.`;
      return provider.send({
        merchantCode: input.merchantCode,
        to: input.to,
        subject: `${input.siteName}: withdrawal verification code`,
        text: `${line}\n\nIf you did not ask for a withdrawal, change your password now.\n`,
        html: `<!doctype html>\n<html><body style="font-family:sans-serif"><p>${escapeHtml(line)}</p></body></html>`,
      });
    },

    newestOutbox: (limit: number, merchantCode?: string) =>
      repository.newestOutbox(limit, merchantCode),

    prune: () => repository.prune(EMAIL_OUTBOX_RETENTION_MS),
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
