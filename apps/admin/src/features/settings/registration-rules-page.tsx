import {
  type RegisterFieldName,
  type RegisterFieldRule,
  type RegisterSettings,
  registerFieldNames,
  registerPatterns,
  registerRuleProblem,
} from '@app/contract/client';
import {
  Box,
  Card,
  Grid,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { useSaveSection } from './api/settings-calls';
import { RegisterPreview } from './register-preview';
import { SaveBar, SettingsPageFrame } from './settings-page-frame';

const patternOptions = registerPatterns.map((pattern) => ({
  value: String(pattern.id),
  label: `${pattern.id}: ${pattern.description}`,
}));

/** Fields the site requires whenever they are shown (the contract's `effectiveRegisterRule`). */
const alwaysRequired: ReadonlySet<RegisterFieldName> = new Set(['paymentPassword']);

function RuleRow({
  field,
  rule,
  readOnly,
  onChange,
}: {
  field: RegisterFieldName;
  rule: RegisterFieldRule;
  readOnly: boolean;
  onChange: (rule: RegisterFieldRule) => void;
}) {
  const { t } = useTranslation('settings');
  const problem = registerRuleProblem(rule);
  const set = (change: Partial<RegisterFieldRule>) => onChange({ ...rule, ...change });
  const catalogueSource = registerPatterns[rule.patternId]?.regex.source;
  const ownPattern = rule.acceptedPattern === catalogueSource ? '' : rule.acceptedPattern;
  return (
    <Table.Tr data-testid={`rule-${field}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {t(`registration.names.${field}`)}
        </Text>
        {problem && (
          <Text size="xs" c="red" data-testid={`rule-${field}-problem`}>
            {t(`errors:${problem}`)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Switch
          checked={rule.enabled}
          disabled={readOnly}
          aria-label={`${t(`registration.names.${field}`)}: ${t('registration.enabled')}`}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
          data-testid={`rule-${field}-enabled`}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          checked={rule.required || (rule.enabled && alwaysRequired.has(field))}
          disabled={readOnly || alwaysRequired.has(field)}
          title={alwaysRequired.has(field) ? t('registration.alwaysRequired') : undefined}
          aria-label={`${t(`registration.names.${field}`)}: ${t('registration.required')}`}
          onChange={(event) => set({ required: event.currentTarget.checked })}
          data-testid={`rule-${field}-required`}
        />
      </Table.Td>
      <Table.Td miw={170}>
        <Stack gap={4}>
          <NativeSelect
            size="xs"
            data={patternOptions}
            value={String(rule.patternId)}
            disabled={readOnly}
            aria-label={t('registration.pattern')}
            onChange={(event) => {
              const pattern = registerPatterns[Number(event.currentTarget.value)];
              if (pattern)
                set({ patternId: pattern.id, acceptedPattern: ownPattern || pattern.regex.source });
            }}
            data-testid={`rule-${field}-pattern`}
          />
          <TextInput
            size="xs"
            placeholder={t('registration.ownPattern')}
            aria-label={t('registration.ownPattern')}
            value={ownPattern}
            readOnly={readOnly}
            onChange={(event) =>
              set({ acceptedPattern: event.currentTarget.value || (catalogueSource ?? '') })
            }
            data-testid={`rule-${field}-own-pattern`}
          />
        </Stack>
      </Table.Td>
      {(['minLength', 'maxLength'] as const).map((key) => (
        <Table.Td key={key} w={72}>
          <NumberInput
            size="xs"
            min={key === 'minLength' ? 0 : 1}
            max={255}
            allowDecimal={false}
            allowNegative={false}
            value={rule[key]}
            readOnly={readOnly}
            aria-label={t(`registration.${key}`)}
            onChange={(value) => set({ [key]: typeof value === 'number' ? value : 0 })}
            data-testid={`rule-${field}-${key}`}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

function RulesEditor({ initial }: { initial: RegisterSettings }) {
  const { t } = useTranslation('settings');
  const can = useCan();
  const save = useSaveSection('registerSettings');
  const [draft, setDraft] = useState<RegisterSettings>(initial);
  const firstProblem = registerFieldNames
    .map((field) => registerRuleProblem(draft[field]))
    .find((problem) => problem !== null);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Card withBorder padding="md">
          <Stack gap="md">
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('registration.field')}</Table.Th>
                    <Table.Th>{t('registration.enabled')}</Table.Th>
                    <Table.Th>{t('registration.required')}</Table.Th>
                    <Table.Th>{t('registration.pattern')}</Table.Th>
                    <Table.Th>{t('registration.minLength')}</Table.Th>
                    <Table.Th>{t('registration.maxLength')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {registerFieldNames.map((field) => (
                    <RuleRow
                      key={field}
                      field={field}
                      rule={draft[field]}
                      readOnly={!can('settings:edit')}
                      onChange={(rule) => {
                        save.reset();
                        setDraft((current) => ({ ...current, [field]: rule }));
                      }}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <SaveBar
              onSave={() => save.mutate(draft)}
              pending={save.isPending}
              saved={save.isSuccess}
              error={save.error}
              problem={firstProblem && t(`errors:${firstProblem}`)}
              testId="settings-registration-save"
            />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        {/* Sticky below the top bar: the preview stays in view while the rules scroll. */}
        <Box pos="sticky" top={76}>
          <RegisterPreview settings={draft} />
        </Box>
      </Grid.Col>
    </Grid>
  );
}

export default function RegistrationRulesPage() {
  return (
    <SettingsPageFrame titleKey="registration.title">
      {(settings) => <RulesEditor initial={settings.registerSettings} />}
    </SettingsPageFrame>
  );
}
