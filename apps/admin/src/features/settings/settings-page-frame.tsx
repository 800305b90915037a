import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { useSettings } from './api/settings-calls';
import { useSettingsTexts } from './settings-texts';

/** Title, loading and failure states, and the read-only notice, shared by the four pages. */
export function SettingsPageFrame({
  titleKey,
  children,
}: {
  titleKey: string;
  children: (settings: NonNullable<ReturnType<typeof useSettings>['data']>) => ReactNode;
}) {
  const { t } = useTranslation('settings');
  const textsLoaded = useSettingsTexts();
  const settings = useSettings();
  const can = useCan();
  if (!textsLoaded) return <Loader />;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t(titleKey)}</Title>
      {!can('settings:edit') && (
        <Text c="dimmed" data-testid="settings-read-only">
          {t('readOnly')}
        </Text>
      )}
      {settings.error && <Alert color="red">{errorText(t, settings.error)}</Alert>}
      {settings.data ? children(settings.data) : !settings.error && <Loader />}
    </Stack>
  );
}

/** The Save button with what came of the last save: saved, or the server's translated refusal. */
export function SaveBar({
  onSave,
  pending,
  saved,
  error,
  problem,
  testId,
  savedKey = 'saved',
}: {
  onSave: () => void;
  pending: boolean;
  saved: boolean;
  error: unknown;
  /** A check failed before sending: its translated text. */
  problem?: string | null | undefined;
  testId: string;
  /** The text shown after a save (the site's settings take effect on the player site). */
  savedKey?: string;
}) {
  const { t } = useTranslation('settings');
  const can = useCan();
  if (!can('settings:edit')) return null;
  return (
    <Group gap="md">
      <Button onClick={onSave} loading={pending} disabled={Boolean(problem)} data-testid={testId}>
        {t('save')}
      </Button>
      {problem && (
        <Text c="red" size="sm" data-testid={`${testId}-problem`}>
          {problem}
        </Text>
      )}
      {!problem && error != null && (
        <Text c="red" size="sm" data-testid={`${testId}-error`}>
          {errorText(t, error)}
        </Text>
      )}
      {!problem && error == null && saved && (
        <Text c="teal" size="sm" data-testid={`${testId}-saved`}>
          {t(savedKey)}
        </Text>
      )}
    </Group>
  );
}
