import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import english from '../../locales/en/lottery.json';

/**
 * The lottery games view's texts are their own namespace, loaded with that view rather than on
 * the console's first screen (size budget): English in this chunk, other languages on demand.
 */
const LOTTERY_NAMESPACE = 'lottery';
const otherLanguages = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/lottery.json', '!../../locales/en/*'],
  { import: 'default' },
);

i18n.addResourceBundle('en', LOTTERY_NAMESPACE, english, true, true);

async function loadLotteryTexts(locale: string): Promise<void> {
  if (i18n.hasResourceBundle(locale, LOTTERY_NAMESPACE)) return;
  const entry = Object.entries(otherLanguages).find(([file]) =>
    file.includes(`/locales/${locale}/`),
  );
  if (entry) i18n.addResourceBundle(locale, LOTTERY_NAMESPACE, await entry[1](), true, true);
}

/** `t` of the lottery games texts (then the console's own, for `lottery.source.*`, `form.*`). */
export function useLotteryTexts() {
  const translation = useTranslation([LOTTERY_NAMESPACE, 'console']);
  const locale = translation.i18n.language;
  const [, setLoaded] = useState(locale);
  useEffect(() => {
    void loadLotteryTexts(locale).then(() => setLoaded(`${locale}:loaded`));
  }, [locale]);
  return translation;
}
