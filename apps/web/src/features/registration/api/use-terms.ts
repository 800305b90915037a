import type { HelpArticle } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client';
import { currentLanguageCode } from '../../../lib/i18n';

/** The help article whose tag is this holds the merchant's terms and conditions. */
export const TERMS_TAG = 'terms';
/** Terms change rarely; a registration does not need them fresher than this. */
const TERMS_STALE_MS = 10 * 60 * 1000;

/**
 * The merchant's terms (issue 22 item 14): the help centre article tagged `terms`, in the
 * current language (the server falls back to the merchant's default language per article), so
 * that operators edit them where they edit the help centre. Undefined when the merchant has none.
 */
export function useTerms(enabled: boolean) {
  useTranslation();
  const lang = currentLanguageCode();
  return useQuery({
    queryKey: ['content', 'help', lang],
    queryFn: ({ signal }) => callApi('helpCenter', { query: { lang, device: 'WEB' }, signal }),
    staleTime: TERMS_STALE_MS,
    enabled,
    select: (articles: HelpArticle[]) => articles.find((article) => article.tag === TERMS_TAG),
  });
}
