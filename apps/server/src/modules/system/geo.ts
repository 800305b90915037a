import type { IncomingHttpHeaders } from 'node:http';
import { type CountryResponse, open, type Reader } from 'maxmind';

/** An ISO 3166-1 alpha-2 code; anything else from a header or database counts as unknown. */
const COUNTRY_CODE = /^[A-Z]{2}$/;
/** Codes proxies send for "no country" (Cloudflare: XX unknown, T1 Tor). */
const NO_COUNTRY_CODES = new Set(['XX', 'T1']);
/** Entries the MaxMind reader keeps in memory (lookups of repeat visitors). */
export const GEOIP_CACHE_MAX_ENTRIES = 5_000;
const IPV4_MAPPED_PREFIX = '::ffff:';

export interface CountrySource {
  ip: string;
  headers: IncomingHttpHeaders;
}

/** The visitor's country, from the configured source; null when unknown or unconfigured. */
export interface CountryLookup {
  countryOf(source: CountrySource): string | null;
}

export const noCountryLookup: CountryLookup = { countryOf: () => null };

function normalizeCountry(value: string | undefined | null): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !COUNTRY_CODE.test(code) || NO_COUNTRY_CODES.has(code)) return null;
  return code;
}

/** `::ffff:203.0.113.9` (an IPv4 client on a dual-stack socket) is looked up as IPv4. */
export function normalizeIp(ip: string): string {
  return ip.startsWith(IPV4_MAPPED_PREFIX) && ip.includes('.')
    ? ip.slice(IPV4_MAPPED_PREFIX.length)
    : ip;
}

/** A lookup over a MaxMind-format (GeoIP2 / GeoLite2 Country or City) database reader. */
export function maxmindCountryLookup(reader: Reader<CountryResponse>): CountryLookup {
  const ipv4Only = reader.metadata.ipVersion === 4;
  return {
    countryOf({ ip }) {
      const address = normalizeIp(ip);
      if (ipv4Only && address.includes(':')) return null;
      try {
        const record = reader.get(address);
        return normalizeCountry(record?.country?.iso_code ?? record?.registered_country?.iso_code);
      } catch {
        // Not an address the database can read (e.g. an IPv6 one in an IPv4 database).
        return null;
      }
    },
  };
}

/**
 * A proxy's country header (e.g. Cloudflare's `CF-IPCountry`). Only honoured when the proxy is
 * trusted: anyone can send the header to a server reached directly.
 */
export function headerCountryLookup(headerName: string): CountryLookup {
  const name = headerName.toLowerCase();
  return {
    countryOf({ headers }) {
      const value = headers[name];
      return normalizeCountry(Array.isArray(value) ? value[0] : value);
    },
  };
}

/** The header first (the proxy saw the real client), then the database, else unknown. */
export function firstCountryOf(lookups: CountryLookup[]): CountryLookup {
  return {
    countryOf(source) {
      for (const lookup of lookups) {
        const country = lookup.countryOf(source);
        if (country) return country;
      }
      return null;
    },
  };
}

export interface GeoOptions {
  /** Header that carries the visitor's country (GEO_COUNTRY_HEADER). */
  countryHeader?: string | undefined;
  /** Whether that header may be believed (GEO_COUNTRY_HEADER_TRUSTED, else TRUST_PROXY). */
  countryHeaderTrusted: boolean;
  /** A MaxMind-format database file (GEOIP_DB_PATH). */
  databasePath?: string | undefined;
}

/** Opens the configured sources once at start; a database that cannot be read stops the start. */
export async function openCountryLookup(options: GeoOptions): Promise<CountryLookup> {
  const lookups: CountryLookup[] = [];
  if (options.countryHeader && options.countryHeaderTrusted) {
    lookups.push(headerCountryLookup(options.countryHeader));
  }
  if (options.databasePath) {
    const reader = await open<CountryResponse>(options.databasePath, {
      cache: { max: GEOIP_CACHE_MAX_ENTRIES },
    });
    lookups.push(maxmindCountryLookup(reader));
  }
  if (lookups.length === 0) return noCountryLookup;
  return firstCountryOf(lookups);
}
