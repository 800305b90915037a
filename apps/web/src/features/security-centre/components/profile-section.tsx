import {
  htmlLangOf,
  type LanguageCode,
  languageNativeNames,
  type SecurityProfile,
} from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguageCode } from '../../../lib/i18n';
import { securityKey, updateLanguage } from '../api/security-api';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </>
  );
}

/** The account, its rank and labels, the registered fields, and the saved language. */
export function ProfileSection({
  profile,
  languages,
}: {
  profile: SecurityProfile;
  languages: readonly LanguageCode[];
}) {
  const { t } = useTranslation('security');
  const { t: tRegistration } = useTranslation('registration');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (code: LanguageCode) => {
      await updateLanguage(code);
      await changeLanguage(code);
    },
    onMutate: () => setError(null),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityKey }),
    onError: (failure) => setError(errorText(t, failure)),
  });
  const { clubLabel, memberLabel } = profile;
  return (
    <Stack gap="sm">
      <SimpleGrid
        cols={2}
        spacing="xs"
        verticalSpacing={6}
        style={{ gridTemplateColumns: 'auto 1fr' }}
      >
        <Row label={t('account')}>
          <Text size="sm" fw={600} data-testid="security-account">
            {profile.account}
          </Text>
        </Row>
        <Row label={t('nickname')}>
          <Text size="sm">{profile.nickname}</Text>
        </Row>
        {(clubLabel || memberLabel.length > 0) && (
          <Row label={t('rank')}>
            <Group gap={6}>
              {clubLabel && (
                <Badge
                  style={{
                    background: `linear-gradient(90deg, ${clubLabel.color}, ${clubLabel.color2})`,
                  }}
                >
                  {clubLabel.labelName}
                </Badge>
              )}
              {memberLabel.map((label) => (
                <Badge
                  key={label.text}
                  style={{ background: label.backgroundColor, color: label.color }}
                >
                  {label.text}
                </Badge>
              ))}
            </Group>
          </Row>
        )}
        {profile.registeredFields.map((entry) => (
          <Row
            key={entry.field}
            label={tRegistration(`field_${entry.field}`, { defaultValue: entry.field })}
          >
            <Text size="sm">{entry.value}</Text>
          </Row>
        ))}
      </SimpleGrid>
      {languages.length > 1 && (
        <NativeSelect
          label={t('language')}
          description={t('language_help')}
          data={languages.map((code) => ({ value: code, label: languageNativeNames[code] }))}
          value={profile.language ?? currentLanguageCode()}
          lang={htmlLangOf(profile.language ?? currentLanguageCode())}
          onChange={(event) => save.mutate(event.currentTarget.value as LanguageCode)}
          disabled={save.isPending}
        />
      )}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
