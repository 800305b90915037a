import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { type EmailService, escapeHtml } from '../email/index.js';
import type { SmsService } from '../sms/index.js';

/** Messages of each kind the page shows, newest first. */
export const DEV_OUTBOX_PAGE_SIZE = 50;

const querySchema = z.object({ merchant: z.string().trim().max(32).optional() });

function formatTime(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * True only when the request comes from this machine: the socket's peer, the address Fastify
 * settled on (the forwarded client's behind a trusted proxy) and every address a proxy forwarded
 * are loopback. Checking every forwarded hop, not only the one Fastify picks, keeps a remote
 * client out even when it sends its own `X-Forwarded-For: 127.0.0.1` through the proxy.
 */
export function comesFromThisMachine(request: FastifyRequest): boolean {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  return [request.raw.socket.remoteAddress, request.ip, ...forwarded].every(isLoopbackAddress);
}

async function refuseOtherMachines(request: FastifyRequest): Promise<void> {
  if (!comesFromThisMachine(request)) throw new AppError('NOT_FOUND');
}

/**
 * The developer page of the outbox providers: the newest SMS and e-mails, as plain HTML with
 * every value escaped and no script, and as JSON (`/dev/outbox.json`) for tests. The messages
 * hold codes and reset links, so the page exists only when asked for (DEV_OUTBOX, never in
 * production) and answers only requests from this machine; anyone else gets the 404 envelope,
 * as if the page were not there.
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

  const onlyThisMachine = { onRequest: refuseOtherMachines };

  app.get('/dev/outbox.json', onlyThisMachine, async (request, reply) => {
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

  app.get('/dev/outbox', onlyThisMachine, async (request, reply) => {
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
