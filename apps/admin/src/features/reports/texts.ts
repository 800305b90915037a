import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/reports.json';

/**
 * The Reports page's texts (field Web Vitals): their own namespace, loaded with these pages rather
 * than on the console's first screen (size budget); other languages on demand.
 */
const NAMESPACE = 'reports';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/reports.json', '!../../locales/en/*'],
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

/** `t` of the reports texts (then the console's own). */
export function useReportsTexts() {
  const translation = useTranslation([NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
