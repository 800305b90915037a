import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/agents.json';

/**
 * The Agents page's texts are their own namespace, loaded with this page rather than on the
 * console's first screen (size budget): English in this chunk, other languages on demand.
 */
const AGENTS_NAMESPACE = 'agents';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/agents.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', AGENTS_NAMESPACE, english, true, true);

async function loadAgentsTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, AGENTS_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, AGENTS_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the agents texts (then the console's own, for `form.*` and the like). */
export function useAgentsTexts() {
  const translation = useTranslation([AGENTS_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadAgentsTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
