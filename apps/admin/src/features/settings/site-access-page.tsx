import {
  type AdminSettings,
  languageNativeNames,
  maintenanceWindowProblem,
  type SiteAccessSettings,
} from '@app/contract/client';
import { Card, Group, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { useSaveSection } from './api/settings-calls';
import { SaveBar, SettingsPageFrame } from './settings-page-frame';

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** `2026-11-26T10:30` in the operator's time zone, as a datetime-local input shows it. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offsetMs = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offsetMs).toISOString().slice(0, 16);
}

function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** `vn, us` as typed to `['VN', 'US']`: each code once, in the order typed. */
function countriesOf(text: string): string[] {
  const codes = text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(codes)];
}

function MaintenanceCard({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('settings');
  const can = useCan();
  const save = useSaveSection('siteAccess');
  const [draft, setDraft] = useState<SiteAccessSettings>(settings.siteAccess);
  const [countriesText, setCountriesText] = useState(
    settings.siteAccess.blockedCountries.join(', '),
  );
  const edit = (change: Partial<SiteAccessSettings>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const readOnly = !can('settings:edit');
  const windowProblem = maintenanceWindowProblem(draft.maintenanceWindow);
  const badCountry = draft.blockedCountries.some((code) => !COUNTRY_CODE.test(code));
  const problem = badCountry
    ? t('access.countryInvalid')
    : windowProblem && t(`errors:${windowProblem}`);
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={4}>{t('access.maintenance')}</Title>
          <Switch
            size="md"
            label={t('access.maintenanceOn')}
            description={t('access.maintenanceHelp')}
            checked={draft.maintenance}
            disabled={readOnly}
            onChange={(event) => edit({ maintenance: event.currentTarget.checked })}
            data-testid="settings-maintenance"
          />
          <Text fw={500} size="sm" mt="sm">
            {t('access.messages')}
          </Text>
          {settings.languages.supportedLanguages.map((language) => (
            <Textarea
              key={language}
              label={languageNativeNames[language]}
              autosize
              minRows={1}
              maxLength={500}
              readOnly={readOnly}
              value={draft.maintenanceMessages[language] ?? ''}
              onChange={(event) =>
                edit({
                  maintenanceMessages: {
                    ...draft.maintenanceMessages,
                    [language]: event.currentTarget.value,
                  },
                })
              }
              data-testid={`settings-maintenance-message-${language}`}
            />
          ))}
          <Text fw={500} size="sm" mt="sm">
            {t('access.window')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('access.windowHelp')}
          </Text>
          <Group grow align="flex-start">
            {(['startsAt', 'endsAt'] as const).map((end) => (
              <TextInput
                key={end}
                type="datetime-local"
                label={t(`access.${end}`)}
                readOnly={readOnly}
                value={toLocalInput(draft.maintenanceWindow[end])}
                onChange={(event) =>
                  edit({
                    maintenanceWindow: {
                      ...draft.maintenanceWindow,
                      [end]: fromLocalInput(event.currentTarget.value),
                    },
                  })
                }
                data-testid={`settings-window-${end}`}
              />
            ))}
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={4}>{t('access.region')}</Title>
          <TextInput
            label={t('access.blockedCountries')}
            description={t('access.blockedHelp')}
            placeholder="VN, US"
            value={countriesText}
            readOnly={readOnly}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setCountriesText(text);
              edit({ blockedCountries: countriesOf(text) });
            }}
            error={badCountry ? t('access.countryInvalid') : undefined}
            data-testid="settings-blocked-countries"
          />
        </Stack>
      </Card>
      <SaveBar
        onSave={() => save.mutate(draft)}
        pending={save.isPending}
        saved={save.isSuccess}
        error={save.error}
        problem={problem}
        testId="settings-access-save"
      />
    </Stack>
  );
}

function LoginRequiredCard({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('settings');
  const can = useCan();
  const save = useSaveSection('whiteLabel');
  const [on, setOn] = useState(settings.whiteLabel.loginRequiredHome);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={4}>{t('access.loginRequired')}</Title>
        <Switch
          size="md"
          label={t('access.loginRequiredOn')}
          description={t('access.loginRequiredHelp')}
          checked={on}
          disabled={!can('settings:edit')}
          onChange={(event) => {
            save.reset();
            setOn(event.currentTarget.checked);
          }}
          data-testid="settings-login-required"
        />
        <SaveBar
          onSave={() => save.mutate({ ...settings.whiteLabel, loginRequiredHome: on })}
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error}
          testId="settings-login-required-save"
        />
      </Stack>
    </Card>
  );
}

export default function SiteAccessPage() {
  return (
    <SettingsPageFrame titleKey="access.title">
      {(settings) => (
        <Stack gap="md">
          <MaintenanceCard settings={settings} />
          <LoginRequiredCard settings={settings} />
        </Stack>
      )}
    </SettingsPageFrame>
  );
}
