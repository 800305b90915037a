import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/promotions.json';

/**
 * The promotions pages' texts are their own namespace, loaded with these pages rather than on the
 * console's first screen (size budget): English in this chunk, other languages on demand.
 */
const PROMOTIONS_NAMESPACE = 'promotions';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/promotions.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', PROMOTIONS_NAMESPACE, english, true, true);

async function loadPromotionsTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, PROMOTIONS_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, PROMOTIONS_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the promotions texts (then the console's own). */
export function usePromotionsTexts() {
  const translation = useTranslation([PROMOTIONS_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadPromotionsTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
