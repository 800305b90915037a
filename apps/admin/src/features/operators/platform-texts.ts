import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/platform-operators.json';

/**
 * The platform operators section's texts: their own namespace, loaded with the section (only a
 * platform admin ever opens it), English here and other languages on demand.
 */
const NAMESPACE = 'platform-operators';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/platform-operators.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', NAMESPACE, english, true, true);

async function loadTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, NAMESPACE, await entry[1](), true, true);
}

/** `t` of these texts, then the console's own (`operators.*`, `roles.*`). */
export function usePlatformOperatorTexts() {
  const translation = useTranslation([NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
