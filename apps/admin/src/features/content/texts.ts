import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/content.json';

/**
 * The Content pages' texts are their own namespace, loaded with these pages rather than on the
 * console's first screen (size budget): English in this chunk, other languages on demand.
 */
const CONTENT_NAMESPACE = 'content';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/content.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', CONTENT_NAMESPACE, english, true, true);

async function loadContentTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, CONTENT_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, CONTENT_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the content texts (then the console's own, for `form.*` and the like). */
export function useContentTexts() {
  const translation = useTranslation([CONTENT_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadContentTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
