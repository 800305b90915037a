import type { MemberInfo } from '@app/contract';
import { createNotifiedCache, type NotifiedCache } from '../../db/notified-cache.js';

/**
 * How long the running server (main.ts) answers member info from memory. Every change to what
 * it shows is announced by the database on MEMBERS_CHANGED_CHANNEL (triggers of migration
 * 20261127000500), so this only bounds a change made with those triggers disabled.
 */
export const MEMBER_INFO_CACHE_TTL_MS = 5_000;
/** Members kept at once; beyond it the oldest goes first (a miss only costs three queries). */
export const MEMBER_INFO_CACHE_MAX_ENTRIES = 50_000;
/** NOTIFY channel of member info changes: `m:<memberId>`, or `*` for many members at once. */
export const MEMBERS_CHANGED_CHANNEL = 'members_changed';

/** A member's info as read, without the merchant's currency (taken from the request). */
export interface CachedMemberInfo {
  merchantCode: string;
  info: Omit<MemberInfo, 'currency'>;
}

export type MemberInfoCache = NotifiedCache<CachedMemberInfo>;

/** A member info cache; a time to live of 0 or less keeps nothing (tests see every change). */
export function createMemberInfoCache(ttlMs: number): MemberInfoCache {
  return createNotifiedCache<CachedMemberInfo>({
    ttlMs,
    maxEntries: MEMBER_INFO_CACHE_MAX_ENTRIES,
    namedBy: (payload) => (/^m:\d+$/.test(payload) ? { key: payload.slice(2) } : null),
  });
}
