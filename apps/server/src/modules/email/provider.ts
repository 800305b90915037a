import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.js';
import type { EmailMessage } from './message.js';
import { createEmailRepository } from './repository.js';

export type { EmailMessage };

/** Where e-mails go. The default writes them to `email_outbox`; no network. */
export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}

/** The default provider: an outbox table that tests (and the developer page) read. */
export function createOutboxEmailProvider(db: Db): EmailProvider {
  const repository = createEmailRepository(db);
  return { send: (message) => repository.insertOutbox(message) };
}

/** A slow or silent mail server must not hold a request (or a job) for long. */
export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
export const SMTP_SOCKET_TIMEOUT_MS = 20_000;

/** Host, port, TLS and credentials of an `smtp://` or `smtps://` URL. */
export function smtpConnectionOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  if (!secure && parsed.protocol !== 'smtp:')
    throw new Error('SMTP_URL must be smtp:// or smtps://');
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
  };
}

/**
 * Sends through an SMTP server. `url` is like `smtp://user:pass@host:587` (STARTTLS when the
 * server offers it) or `smtps://user:pass@host:465`; `from` is the sender address.
 */
export function createSmtpEmailProvider(options: {
  url: string;
  from: string;
  /** Test-only: accept the fake server's self-signed certificate. */
  allowSelfSigned?: boolean;
}): EmailProvider & { close(): void } {
  const transport = nodemailer.createTransport({
    ...smtpConnectionOf(options.url),
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    ...(options.allowSelfSigned ? { tls: { rejectUnauthorized: false } } : {}),
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}
