import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/payments.json';

/**
 * The Payments pages' texts are their own namespace, loaded with these pages rather than on the
 * console's first screen (size budget): English in this chunk, other languages on demand.
 */
const PAYMENTS_NAMESPACE = 'payments';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/payments.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', PAYMENTS_NAMESPACE, english, true, true);

async function loadPaymentsTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, PAYMENTS_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, PAYMENTS_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the payments texts (then the console's own, for `form.*` and the like). */
export function usePaymentsTexts() {
  const translation = useTranslation([PAYMENTS_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadPaymentsTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
