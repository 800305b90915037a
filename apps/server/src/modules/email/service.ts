import type { Db } from '../../db/database.js';
import type { EmailProvider } from './provider.js';
import { createEmailRepository, type OutboxEmail } from './repository.js';
import { type EmailLanguage, escapeHtml, passwordResetEmail } from './templates.js';

/** Outbox messages are kept this long (like the SMS outbox). */
export const EMAIL_OUTBOX_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/** The forgot-password e-mail's parts. */
export interface PasswordResetEmailInput {
  merchantCode: string;
  siteName: string;
  to: string;
  username: string;
  link: string;
  validMinutes: number;
  language: EmailLanguage;
}

/** The new-address withdrawal code e-mail's parts. */
export interface WithdrawalCodeEmailInput {
  merchantCode: string;
  siteName: string;
  to: string;
  code: string;
  validMinutes: number;
}

/** The code that proves an address the member binds in the security centre. */
export interface ContactCodeEmailInput {
  merchantCode: string;
  siteName: string;
  to: string;
  code: string;
  validMinutes: number;
}

/** The platform's e-mails, sent through the configured provider, and the outbox behind them. */
export interface EmailService {
  /** Sends the forgot-password link; a provider failure is thrown to the caller. */
  sendPasswordReset(input: PasswordResetEmailInput): Promise<void>;
  /** Sends the code that verifies a withdrawal from a new address (payments module). */
  sendWithdrawalCode(input: WithdrawalCodeEmailInput): Promise<void>;
  /** Sends the code that proves an e-mail address the member binds (security centre). */
  sendContactCode(input: ContactCodeEmailInput): Promise<void>;
  /** The newest outbox messages, of one merchant if given (tests and the demo read them). */
  newestOutbox(limit: number, merchantCode?: string): Promise<OutboxEmail[]>;
  /** Deletes outbox messages older than the retention. */
  prune(): Promise<void>;
}

/** The e-mail service on its own outbox repository over `db`, sending through `provider`. */
export function createEmailService(db: Db, provider: EmailProvider): EmailService {
  const repository = createEmailRepository(db);
  return {
    sendPasswordReset(input) {
      const rendered = passwordResetEmail(input);
      return provider.send({ merchantCode: input.merchantCode, to: input.to, ...rendered });
    },

    sendContactCode(input) {
      const line = `Your code to confirm this e-mail address is ${input.code}. It is valid for ${input.validMinutes} minutes.`;
      return provider.send({
        merchantCode: input.merchantCode,
        to: input.to,
        subject: `${input.siteName}: confirm your e-mail address`,
        text: `${line}\n\nIf you did not ask for it, you can ignore this e-mail.\n`,
        html: `<!doctype html>\n<html><body style="font-family:sans-serif"><p>${escapeHtml(line)}</p></body></html>`,
      });
    },

    sendWithdrawalCode(input) {
      const line = `Your withdrawal verification code is ${input.code}. It is valid for ${input.validMinutes} minutes.`;
      return provider.send({
        merchantCode: input.merchantCode,
        to: input.to,
        subject: `${input.siteName}: withdrawal verification code`,
        text: `${line}\n\nIf you did not ask for a withdrawal, change your password now.\n`,
        html: `<!doctype html>\n<html><body style="font-family:sans-serif"><p>${escapeHtml(line)}</p></body></html>`,
      });
    },

    newestOutbox: (limit, merchantCode) => repository.newestOutbox(limit, merchantCode),

    prune: () => repository.prune(EMAIL_OUTBOX_RETENTION_MS),
  };
}
