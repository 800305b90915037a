import { languageNativeNames } from '@app/contract/client';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage, consoleLanguages, currentLanguageCode } from '../../lib/i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('shell.language')}
      value={currentLanguageCode()}
      data={consoleLanguages.map((code) => ({ value: code, label: languageNativeNames[code] }))}
      onChange={(event) => {
        const code = consoleLanguages.find((entry) => entry === event.currentTarget.value);
        if (code) void changeLanguage(code);
      }}
      size="sm"
    />
  );
}
