import type { LanguageCode } from '@app/contract/client';
import { useEffect, useMemo } from 'react';
import {
  changeLanguage,
  currentLanguageCode,
  storedLanguage,
  textLanguages,
} from '../../../lib/i18n';
import { useSystemStatus } from '../api/use-system-status';

/**
 * The languages the visitor may pick: the merchant's supported ones that this build has texts
 * for. Keeps the current language inside that list (the merchant's default otherwise).
 */
export function useOfferedLanguages(): readonly LanguageCode[] {
  const { data: status } = useSystemStatus();
  const offered = useMemo(() => {
    if (!status) return [];
    return status.merchant.supportedLanguages.filter((code) => textLanguages.includes(code));
  }, [status]);

  useEffect(() => {
    if (!status || offered.length === 0) return;
    const current = currentLanguageCode();
    const stored = storedLanguage();
    if (stored && offered.includes(stored)) {
      if (stored !== current) void changeLanguage(stored, false);
      return;
    }
    const merchantDefault = offered.includes(status.merchant.defaultLanguage)
      ? status.merchant.defaultLanguage
      : offered[0];
    if (merchantDefault && merchantDefault !== current) void changeLanguage(merchantDefault, false);
  }, [status, offered]);

  return offered;
}
