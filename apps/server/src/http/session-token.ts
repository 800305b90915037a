import type { FastifyRequest } from 'fastify';

/** The raw session token of the Authorization header (SPEC: no scheme); `Bearer ` is tolerated. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  return header ? header.replace(/^Bearer\s+/i, '') : undefined;
}
