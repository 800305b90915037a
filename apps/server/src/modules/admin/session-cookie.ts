import { createHash, timingSafeEqual } from 'node:crypto';
import { OPERATOR_SESSION_ABSOLUTE_MS, OPERATOR_SESSION_COOKIE } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session token from the operator cookie, if the request carries one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === OPERATOR_SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function cookieAttributes(secure: boolean, maxAgeSeconds: number): string {
  return `Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const maxAgeSeconds = Math.floor(OPERATOR_SESSION_ABSOLUTE_MS / 1000);
  reply.header(
    'set-cookie',
    `${OPERATOR_SESSION_COOKIE}=${token}; ${cookieAttributes(secure, maxAgeSeconds)}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', `${OPERATOR_SESSION_COOKIE}=; ${cookieAttributes(secure, 0)}`);
}

/**
 * The session's CSRF token, derived from the session token: a page of another site can neither
 * read the HttpOnly cookie nor, therefore, this value, and nothing extra is stored.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`operator-csrf:${sessionToken}`).digest('base64url');
}

export function csrfMatches(sessionToken: string, sent: string | string[] | undefined): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Browsers send Fetch Metadata on every request; API clients (and tests) do not. */
export function isBrowserRequest(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] !== undefined;
}
