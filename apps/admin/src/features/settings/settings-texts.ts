import englishValidation from '@app/contract/locales/en/validation.json';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import englishSettings from './locales/en/settings.json';

/**
 * The Settings pages' texts load with the pages (namespace `settings`), not with the shell:
 * the shell's first screen stays inside its size budget. The preview's messages are the player
 * site's own (`validation` of the contract: `reg_pattern_{id}`, `required`).
 */
i18n.addResourceBundle('en', 'settings', englishSettings, true, false);
i18n.addResourceBundle('en', 'validation', englishValidation, true, false);

const otherLanguages: Record<string, () => Promise<[object, object]>> = {
  vi: () =>
    Promise.all([
      import('./locales/vi/settings.json').then((module) => module.default),
      import('@app/contract/locales/vi/validation.json').then((module) => module.default),
    ]),
};

/** Loads the texts of the console's language; true once they are there. */
export function useSettingsTexts(): boolean {
  const language = useTranslation().i18n.language;
  const [loaded, setLoaded] = useState(
    () => i18n.hasResourceBundle(language, 'settings') || !otherLanguages[language],
  );
  useEffect(() => {
    const load = otherLanguages[language];
    if (!load || i18n.hasResourceBundle(language, 'settings')) {
      setLoaded(true);
      return;
    }
    setLoaded(false);
    void load().then(([settings, validation]) => {
      i18n.addResourceBundle(language, 'settings', settings, true, false);
      i18n.addResourceBundle(language, 'validation', validation, true, false);
      setLoaded(true);
    });
  }, [language]);
  return loaded;
}
