import {
  checkRegisterField,
  effectiveRegisterRule,
  formatPatternMessage,
  normalizeRegisterValue,
  type RegisterFieldName,
  type RegisterSettings,
  registerFieldNames,
} from '@app/contract/client';
import { Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const secretFields: ReadonlySet<RegisterFieldName> = new Set(['password', 'paymentPassword']);

/** The message the player site shows for a value, from the contract's own rule check. */
export function previewMessage(
  t: TFunction,
  field: RegisterFieldName,
  settings: RegisterSettings,
  raw: string,
): string | null {
  const rule = effectiveRegisterRule(field, settings[field]);
  const problem = checkRegisterField(rule, normalizeRegisterValue(field, raw));
  if (!problem) return null;
  if (problem.kind === 'required') return t('validation:required');
  return formatPatternMessage(
    t(`validation:reg_pattern_${problem.patternId}`),
    problem.minLength,
    problem.maxLength,
  );
}

/**
 * The registration form as a player would see it under the rules being edited: the fields
 * shown, starred when required, each checked as typed by the same contract functions the site
 * and the server use (`effectiveRegisterRule`, `checkRegisterField`), with the site's messages.
 */
export function RegisterPreview({ settings }: { settings: RegisterSettings }) {
  const { t } = useTranslation('settings');
  const [values, setValues] = useState<Partial<Record<RegisterFieldName, string>>>({});
  const [touched, setTouched] = useState<ReadonlySet<RegisterFieldName>>(new Set());
  const shown = registerFieldNames.filter((field) => settings[field].enabled);
  return (
    <Card withBorder padding="lg" data-testid="register-preview">
      <Stack gap="sm">
        <Title order={4}>{t('registration.preview')}</Title>
        <Text size="xs" c="dimmed">
          {t('registration.previewHelp')}
        </Text>
        {shown.map((field) => {
          const rule = effectiveRegisterRule(field, settings[field]);
          const value = values[field] ?? '';
          const message = touched.has(field) ? previewMessage(t, field, settings, value) : null;
          const Input = secretFields.has(field) ? PasswordInput : TextInput;
          return (
            <Input
              key={field}
              label={t(`registration.names.${field}`)}
              withAsterisk={rule.required}
              value={value}
              maxLength={rule.maxLength}
              error={message}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: next }));
                setTouched((current) => new Set(current).add(field));
              }}
              onBlur={() => setTouched((current) => new Set(current).add(field))}
              data-testid={`preview-field-${field}`}
            />
          );
        })}
      </Stack>
    </Card>
  );
}
