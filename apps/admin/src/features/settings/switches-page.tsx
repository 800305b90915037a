import {
  type AdminSettings,
  type LanguageCode,
  type LanguageSettings,
  languageCodes,
  languageNativeNames,
  languagesProblem,
} from '@app/contract/client';
import {
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { useSaveSection } from './api/settings-calls';
import { SaveBar, SettingsPageFrame } from './settings-page-frame';

type WhiteLabel = AdminSettings['whiteLabel'];

function WhiteLabelCard({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('settings');
  const can = useCan();
  const save = useSaveSection('whiteLabel');
  const [draft, setDraft] = useState<WhiteLabel>(settings.whiteLabel);
  const names = Object.keys(settings.whiteLabel) as (keyof WhiteLabel)[];
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('switches.whiteLabel')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {names.map((name) => (
            <Switch
              key={name}
              label={t(`switches.names.${name}`)}
              checked={draft[name]}
              disabled={!can('settings:edit')}
              onChange={(event) => {
                save.reset();
                const checked = event.currentTarget.checked;
                setDraft((current) => ({ ...current, [name]: checked }));
              }}
              data-testid={`settings-switch-${name}`}
            />
          ))}
        </SimpleGrid>
        <SaveBar
          onSave={() => save.mutate(draft)}
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error}
          testId="settings-switches-save"
        />
      </Stack>
    </Card>
  );
}

function LanguagesCard({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('settings');
  const can = useCan();
  const save = useSaveSection('languages');
  const [draft, setDraft] = useState<LanguageSettings>(settings.languages);
  const readOnly = !can('settings:edit');
  const edit = (change: Partial<LanguageSettings>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const problem = languagesProblem(draft);
  const options = draft.supportedLanguages.map((code) => ({
    value: code,
    label: languageNativeNames[code],
  }));
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('switches.languages')}</Title>
        <Checkbox.Group
          label={t('switches.offered')}
          value={draft.supportedLanguages}
          onChange={(codes) =>
            edit({
              supportedLanguages: languageCodes.filter((code) => codes.includes(code)),
            })
          }
        >
          <Group gap="md" mt="xs">
            {languageCodes.map((code) => (
              <Checkbox
                key={code}
                value={code}
                label={`${languageNativeNames[code]} (${code})`}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow>
          {(['defaultLanguage', 'defaultGameLanguage'] as const).map((key) => (
            <NativeSelect
              key={key}
              label={t(`switches.${key}`)}
              data={options}
              value={draft[key]}
              disabled={readOnly}
              onChange={(event) => edit({ [key]: event.currentTarget.value as LanguageCode })}
              data-testid={`settings-${key}`}
            />
          ))}
        </Group>
        <SaveBar
          onSave={() => save.mutate(draft)}
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error}
          problem={problem && t(`errors:${problem}`)}
          testId="settings-languages-save"
        />
      </Stack>
    </Card>
  );
}

export default function SwitchesPage() {
  return (
    <SettingsPageFrame titleKey="switches.title">
      {(settings) => (
        <Stack gap="md">
          <WhiteLabelCard settings={settings} />
          <LanguagesCard settings={settings} />
        </Stack>
      )}
    </SettingsPageFrame>
  );
}
