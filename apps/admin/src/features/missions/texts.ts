import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/missions.json';

/**
 * The Missions page's texts are their own namespace, loaded with this page rather than on the
 * console's first screen (size budget): English in this chunk, other languages on demand.
 */
const MISSIONS_NAMESPACE = 'missions';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/missions.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', MISSIONS_NAMESPACE, english, true, true);

async function loadMissionsTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, MISSIONS_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, MISSIONS_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the missions texts (then the console's own, for `form.*` and the like). */
export function useMissionsTexts() {
  const translation = useTranslation([MISSIONS_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadMissionsTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
