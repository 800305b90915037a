import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from './merchant.js';
import type { SystemService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant | null;
  }
}

/** Paths of the public API; every call under them belongs to one merchant. */
const MERCHANT_SCOPED_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/admin/'];

/** Resolves the merchant of every API request before anything else runs. */
export function installMerchantResolution(app: FastifyInstance, system: SystemService): void {
  app.decorateRequest('merchant', null);
  app.addHook('onRequest', async (request) => {
    if (!MERCHANT_SCOPED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const header = request.headers.merchant;
    request.merchant = await system.resolveMerchant({
      code: Array.isArray(header) ? header[0] : header,
      host: request.host,
    });
  });
}

/** The merchant of a request on a merchant-scoped path. */
export function merchantOf(request: FastifyRequest): Merchant {
  if (!request.merchant) throw new AppError('MERCHANT_REQUIRED');
  return request.merchant;
}
