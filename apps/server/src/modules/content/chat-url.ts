import { CHAT_HEADER_COLOR } from '@app/contract';
import { AppError } from '../../http/app-error.js';

/** Where a merchant's customer-service entry leads: an in-site path or an http(s) page. */
const SAFE_TARGET = /^(\/(?!\/)|https?:\/\/)/i;
/** Base for parsing in-site paths; never part of an answer. */
const PATH_BASE = 'http://site.invalid';

export interface CustomerServiceEntry {
  csType: 'VIP' | 'LIVECHAT';
  path: string;
  title: string;
}

export interface ChatUrlQuery {
  csType: 'VIP' | 'LIVECHAT';
  title?: string | undefined;
  language?: string | undefined;
  headerColor?: string | undefined;
}

/**
 * SPEC §7 chat URL: the merchant's entry of that type with the chat parameters added (b2c,
 * title, language, header colour). An entry that is missing or points anywhere but a site path
 * or an http(s) page is NOT_FOUND, so the site closes the pop-up it opened.
 */
export function chatUrlOf(entries: readonly CustomerServiceEntry[], query: ChatUrlQuery): string {
  const entry = entries.find((candidate) => candidate.csType === query.csType);
  if (!entry || !SAFE_TARGET.test(entry.path)) throw new AppError('NOT_FOUND');
  const inSite = entry.path.startsWith('/');
  const url = new URL(entry.path, PATH_BASE);
  url.searchParams.set('b2c', '1');
  url.searchParams.set('title', query.title ?? entry.title);
  if (query.language) url.searchParams.set('language', query.language);
  // SPEC §9: the chat's header colour is #262743 unless the caller names another.
  url.searchParams.set('headerColor', query.headerColor ?? CHAT_HEADER_COLOR);
  return inSite ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
