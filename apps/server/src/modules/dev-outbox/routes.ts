import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type EmailService, escapeHtml } from '../email/index.js';
import type { SmsService } from '../sms/index.js';

/** Messages of each kind the page shows, newest first. */
export const DEV_OUTBOX_PAGE_SIZE = 50;

const querySchema = z.object({ merchant: z.string().trim().max(32).optional() });

function formatTime(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * The developer page of the outbox providers: the newest SMS and e-mails, as plain HTML with
 * every value escaped and no script, and as JSON (`/dev/outbox.json`) for tests. Registered only
 * outside production: the messages hold codes and reset links.
 */
export function registerDevOutboxRoutes(
  app: FastifyInstance,
  deps: { sms: SmsService; email: EmailService },
): void {
  async function read(merchant: string | undefined) {
    const code = merchant === '' ? undefined : merchant;
    const [sms, emails] = await Promise.all([
      deps.sms.newestOutbox(DEV_OUTBOX_PAGE_SIZE, code),
      deps.email.newestOutbox(DEV_OUTBOX_PAGE_SIZE, code),
    ]);
    return { sms, emails };
  }

  app.get('/dev/outbox.json', async (request, reply) => {
    const query = querySchema.safeParse(request.query);
    const { sms, emails } = await read(query.success ? query.data.merchant : undefined);
    reply.header('cache-control', 'no-store');
    return {
      sms: sms.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
      emails: emails.map((message) => ({
        ...message,
        createdAt: message.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/outbox', async (request, reply) => {
    const query = querySchema.safeParse(request.query);
    const merchant = query.success ? query.data.merchant : undefined;
    const { sms, emails } = await read(merchant);
    const smsRows = sms
      .map(
        (message) =>
          `<tr><td>${escapeHtml(formatTime(message.createdAt))}</td><td>${escapeHtml(message.merchantCode)}</td><td>${escapeHtml(message.number)}</td><td>${escapeHtml(message.text)}</td></tr>`,
      )
      .join('\n');
    const emailRows = emails
      .map(
        (message) =>
          `<tr><td>${escapeHtml(formatTime(message.createdAt))}</td><td>${escapeHtml(message.merchantCode)}</td><td>${escapeHtml(message.to)}</td><td>${escapeHtml(message.subject)}</td><td><pre>${escapeHtml(message.text)}</pre></td></tr>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title>
<style>body{font-family:sans-serif;margin:1rem}table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border:1px solid #999;padding:.3rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0}</style>
</head><body>
<h1>Outbox (development only)</h1>
<form method="get" action="/dev/outbox"><label>Merchant <input name="merchant" value="${escapeHtml(merchant ?? '')}"></label> <button type="submit">Filter</button></form>
<h2>SMS (newest ${DEV_OUTBOX_PAGE_SIZE})</h2>
<table><thead><tr><th>Time (UTC)</th><th>Merchant</th><th>Number</th><th>Text</th></tr></thead><tbody>
${smsRows || '<tr><td colspan="4">None</td></tr>'}
</tbody></table>
<h2>E-mail (newest ${DEV_OUTBOX_PAGE_SIZE})</h2>
<table><thead><tr><th>Time (UTC)</th><th>Merchant</th><th>To</th><th>Subject</th><th>Text</th></tr></thead><tbody>
${emailRows || '<tr><td colspan="5">None</td></tr>'}
</tbody></table>
</body></html>`;
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return html;
  });
}
