import {
  type DomainRoute,
  maintenanceActiveAt,
  type ResourceQr,
  type SystemStatus,
  systemStatusCodes,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { createPgNotifyTransport, type NotifyListener } from '../../db/notify-channel.js';
import { AppError } from '../../http/app-error.js';
import { type CountryLookup, type CountrySource, noCountryLookup, normalizeIp } from './geo.js';
import { type Merchant, merchantSummary } from './merchant.js';
import { createMerchantRepository, MERCHANT_SETTINGS_CHANNEL } from './repository.js';
import { createQrImages } from './resource-qr.js';

/**
 * Merchant settings are read often and change rarely. A change made through the console drops
 * every instance's cache at once (NOTIFY on MERCHANT_SETTINGS_CHANNEL); this bound is for
 * changes made in SQL, and for notifications missed while an instance's LISTEN was down.
 */
export const MERCHANT_CACHE_TTL_MS = 10_000;
export const MERCHANT_CACHE_MAX_ENTRIES = 1_000;
export const MERCHANT_CODE_MAX_LENGTH = 32;
export const HOST_MAX_LENGTH = 253;
/** Waits between attempts to reopen the settings LISTEN connection after a loss. */
export const MERCHANT_SETTINGS_LISTEN_RETRY = { baseMs: 500, maxMs: 15_000 } as const;
/** Lines shown by the line-selection list; a merchant with more lists the first ones. */
export const DOMAIN_ROUTES_MAX = 20;
/** A plain host name (no wildcard, no path): only those can be offered as a line. */
const ROUTABLE_HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * SPEC §4: 0 normal, 1 maintenance, 2 region restriction; maintenance wins. A visitor whose
 * country is unknown is not refused (the operator chose which countries to refuse, not which to
 * allow).
 */
export function statusCodeOf(
  merchant: Pick<Merchant, 'maintenance' | 'blockedCountries'>,
  country: string | null,
): SystemStatus['status'] {
  if (merchant.maintenance) return systemStatusCodes.maintenance;
  if (country && merchant.blockedCountries.includes(country)) {
    return systemStatusCodes.regionRestricted;
  }
  return systemStatusCodes.normal;
}

/** `https://play.example.com:8443` from the request's scheme and port and a merchant domain. */
export function domainRoutesOf(
  domains: readonly string[],
  request: { protocol: string; host: string },
): DomainRoute[] {
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const defaultPort = scheme === 'https' ? '443' : '80';
  const portSuffix = port && port !== defaultPort ? `:${port}` : '';
  return domains
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => ROUTABLE_HOST.test(domain) && domain.length <= HOST_MAX_LENGTH)
    .slice(0, DOMAIN_ROUTES_MAX)
    .map((domain) => ({ domain, url: `${scheme}://${domain}${portSuffix}` }));
}

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

/** The merchant behind each request and what the site asks of it before anything else. */
export interface SystemService {
  /**
   * The merchant of a request: its Merchant header, else its host name, else the configured
   * default. A named merchant that does not exist is an error, never a fallback.
   */
  resolveMerchant(input: {
    code?: string | undefined;
    host?: string | undefined;
  }): Promise<Merchant>;
  /** Every merchant's code in order, at most `limit` (platform operators choose among them). */
  merchantCodes(limit: number): Promise<string[]>;
  /** The site's status for a visitor: maintenance, region restriction, the merchant's settings. */
  status(merchant: Merchant, source: CountrySource): SystemStatus;
  /** The merchant's domains as lines to choose from, on the request's scheme and port. */
  domainRoutes(merchant: Merchant, request: { protocol: string; host: string }): DomainRoute[];
  /** The QR of one of the merchant's own resources; there is no QR of arbitrary text. */
  resourceQr(merchant: Merchant, resourceType: string): Promise<ResourceQr>;
  /**
   * Drops every cached merchant, so a settings change (built-in game limits among them) shows
   * at once on this instance.
   */
  forgetMerchants(): void;
  /**
   * Listens for settings changes committed by any instance and drops the cache on each (and
   * after the LISTEN connection was lost, since notifications may have been missed). Null when
   * the database has no connection string to listen on (then the TTL alone applies).
   */
  watchSettingsChanges(logError: (details: object, message: string) => void): NotifyListener | null;
}

/** The system service on the merchant repository over `db`, with a short-lived merchant cache. */
export function createSystemService(
  db: Db,
  options: {
    defaultMerchantCode?: string | undefined;
    now?: () => number;
    /** Where the visitor's country comes from (config GEO_COUNTRY_HEADER, GEOIP_DB_PATH). */
    countryLookup?: CountryLookup | undefined;
  } = {},
): SystemService {
  const repository = createMerchantRepository(db);
  const now = options.now ?? Date.now;
  const countryLookup = options.countryLookup ?? noCountryLookup;
  const qrImages = createQrImages();
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
    forgetMerchants() {
      cache.clear();
    },

    watchSettingsChanges(logError) {
      const transport = createPgNotifyTransport(db, {
        channel: MERCHANT_SETTINGS_CHANNEL,
        retry: MERCHANT_SETTINGS_LISTEN_RETRY,
      });
      let listener: NotifyListener;
      try {
        listener = transport.listen({
          onNotify: () => cache.clear(),
          onLost: () => cache.clear(),
          logError,
        });
      } catch {
        return null;
      }
      void listener.ready().catch(() => {});
      return listener;
    },

    merchantCodes(limit) {
      return repository.codes(limit);
    },

    async resolveMerchant(input) {
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

    status(merchant, source) {
      const country = countryLookup.countryOf(source);
      const regionRestricted = country !== null && merchant.blockedCountries.includes(country);
      const maintenance = maintenanceActiveAt(merchant, now());
      const window =
        merchant.maintenanceStartsAt && merchant.maintenanceEndsAt
          ? { startsAt: merchant.maintenanceStartsAt, endsAt: merchant.maintenanceEndsAt }
          : null;
      return {
        status: statusCodeOf({ ...merchant, maintenance }, country),
        maintenance,
        maintenanceMessages: merchant.maintenanceMessages,
        maintenanceWindow: window,
        regionRestricted,
        merchant: merchantSummary(merchant),
        whiteLabel: merchant.whiteLabel,
        registerSettings: merchant.registerSettings,
        resources: merchant.resources,
        // The VIP line's address is handed out only by the chat-URL call, to a VIP (SPEC §4):
        // the status, which anyone reads, names the entry without its path.
        customerService: merchant.customerService.map((entry) =>
          entry.csType === 'VIP' ? { ...entry, path: '' } : entry,
        ),
        location: { ip: normalizeIp(source.ip), country },
        analyticsId: merchant.analyticsId,
        imageCdns: merchant.imageCdns,
        gameLaunchCdns: merchant.gameLaunchCdns,
      };
    },

    domainRoutes(merchant, request) {
      return domainRoutesOf(merchant.domains, request);
    },

    async resourceQr(merchant, resourceType) {
      const resource = merchant.resources.find((entry) => entry.resourceType === resourceType);
      if (!resource) throw new AppError('NOT_FOUND', { field: 'resourceType' });
      return { resourceType, url: resource.url, image: await qrImages.dataUrlOf(resource.url) };
    },
  };
}
