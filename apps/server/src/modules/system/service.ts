import { type SystemStatus, systemStatusCodes } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import { type Merchant, merchantSummary } from './merchant.js';
import type { MerchantRepository } from './repository.js';

/** Merchant settings are read often and change rarely; a change shows within this time. */
export const MERCHANT_CACHE_TTL_MS = 10_000;
export const MERCHANT_CACHE_MAX_ENTRIES = 1_000;
export const MERCHANT_CODE_MAX_LENGTH = 32;
export const HOST_MAX_LENGTH = 253;

interface CacheEntry {
  merchant: Merchant | undefined;
  expiresAtMs: number;
}

export function normalizeHost(hostHeader: string | undefined): string | undefined {
  if (!hostHeader) return undefined;
  const withoutPort = hostHeader.trim().toLowerCase().replace(/:\d+$/, '');
  const unbracketed = withoutPort.replace(/^\[(.*)\]$/, '$1');
  return unbracketed && unbracketed.length <= HOST_MAX_LENGTH ? unbracketed : undefined;
}

export function createSystemService(
  repository: MerchantRepository,
  options: { defaultMerchantCode?: string | undefined; now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const cache = new Map<string, CacheEntry>();

  async function cached(key: string, load: () => Promise<Merchant | undefined>) {
    const hit = cache.get(key);
    if (hit && hit.expiresAtMs > now()) return hit.merchant;
    const merchant = await load();
    if (cache.size >= MERCHANT_CACHE_MAX_ENTRIES) cache.clear();
    cache.set(key, { merchant, expiresAtMs: now() + MERCHANT_CACHE_TTL_MS });
    return merchant;
  }

  const byCode = (code: string) => cached(`code:${code}`, () => repository.findByCode(code));
  const byHost = (host: string) => cached(`host:${host}`, () => repository.findByDomain(host));

  return {
    /**
     * The merchant of a request: its Merchant header, else its host name, else the configured
     * default. A named merchant that does not exist is an error, never a fallback.
     */
    async resolveMerchant(input: { code?: string | undefined; host?: string | undefined }) {
      const code = input.code?.trim();
      if (code) {
        if (code.length > MERCHANT_CODE_MAX_LENGTH) throw new AppError('MERCHANT_UNKNOWN');
        const merchant = await byCode(code);
        if (!merchant) throw new AppError('MERCHANT_UNKNOWN');
        return merchant;
      }
      const host = normalizeHost(input.host);
      const fromHost = host ? await byHost(host) : undefined;
      if (fromHost) return fromHost;
      if (options.defaultMerchantCode) {
        const fallback = await byCode(options.defaultMerchantCode);
        if (fallback) return fallback;
      }
      throw new AppError('MERCHANT_REQUIRED');
    },

    status(merchant: Merchant, clientIp: string): SystemStatus {
      return {
        status: merchant.maintenance ? systemStatusCodes.maintenance : systemStatusCodes.normal,
        maintenance: merchant.maintenance,
        regionRestricted: false,
        merchant: merchantSummary(merchant),
        whiteLabel: merchant.whiteLabel,
        registerSettings: merchant.registerSettings,
        resources: merchant.resources,
        customerService: merchant.customerService,
        location: { ip: clientIp, country: null },
        analyticsId: merchant.analyticsId,
        imageCdns: merchant.imageCdns,
        gameLaunchCdns: merchant.gameLaunchCdns,
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
