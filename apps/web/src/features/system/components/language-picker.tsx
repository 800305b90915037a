import { htmlLangOf, type LanguageCode, languageNativeNames } from '@app/contract/client';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../../components/icons';
import { changeLanguage, currentLanguageCode } from '../../../lib/i18n';
import { getSessionToken } from '../../../lib/session-token';
import { readSession, sessionKeys } from '../../../lib/storage';
import { saveMemberLanguage } from '../api/update-language';
import { useOfferedLanguages } from '../hooks/use-offered-languages';

/**
 * Switches the site, and for a logged-in member saves the choice on the server, so that the
 * next login starts in it (a trial account has no saved language). A failed save keeps the
 * switch on this browser: the language is a preference, not worth an error.
 */
export async function pickLanguage(code: LanguageCode): Promise<void> {
  await changeLanguage(code);
  if (!getSessionToken() || readSession(sessionKeys.isAgent) === '4') return;
  await saveMemberLanguage(code).catch(() => undefined);
}

/**
 * The left bar's language picker, shown only when there is a choice (SPEC §2). A group of
 * toggle buttons: two or three languages read better side by side than in a list.
 */
export function LanguagePicker() {
  const { t } = useTranslation('system');
  const labelId = useId();
  const offered = useOfferedLanguages();
  const current = currentLanguageCode();
  if (offered.length < 2) return null;
  return (
    <Stack gap={6}>
      <Group gap={6} c="dimmed">
        <GlobeIcon size={16} />
        <Text id={labelId} size="sm" fw={500}>
          {t('language')}
        </Text>
      </Group>
      <Group gap={6} role="group" aria-labelledby={labelId}>
        {offered.map((code) => (
          <Button
            key={code}
            size="compact-sm"
            variant={code === current ? 'filled' : 'default'}
            aria-pressed={code === current}
            lang={htmlLangOf(code)}
            onClick={() => void pickLanguage(code)}
          >
            {languageNativeNames[code]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
