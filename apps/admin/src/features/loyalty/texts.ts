import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/loyalty.json';

/**
 * The loyalty pages' texts are their own namespace, loaded with these pages rather than on the
 * console's first screen (size budget): English in this chunk, other languages on demand.
 */
const LOYALTY_NAMESPACE = 'loyalty';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/loyalty.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', LOYALTY_NAMESPACE, english, true, true);

async function loadLoyaltyTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, LOYALTY_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, LOYALTY_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the loyalty texts (then the console's own). */
export function useLoyaltyTexts() {
  const translation = useTranslation([LOYALTY_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadLoyaltyTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
