import {
  type AdminSettings,
  amountToMinor,
  formatChipAmount,
  minorToAmount,
  type StakeProfile,
} from '@app/contract/client';
import { Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Overrides = Partial<StakeProfile>;
const amountKeys = ['minStakeMinor', 'maxStakeMinor', 'defaultStakeMinor'] as const;
const listKeys = ['chipsMinor', 'quickAmountsMinor'] as const;
const texts = {
  minStakeMinor: 'games.profileMin',
  maxStakeMinor: 'games.profileMax',
  defaultStakeMinor: 'games.profileDefault',
  chipsMinor: 'games.profileChips',
  quickAmountsMinor: 'games.profileQuick',
} as const;

/** `1,000, 5,000 10000` -> minor units; undefined when empty or not all amounts. */
function listMinorOf(text: string): number[] | undefined {
  const parts = text
    .split(/[\s;]+|,(?!\d{3}\b)/)
    .map((part) => part.replaceAll(',', '').trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const amounts = parts.map(Number);
  if (amounts.some((amount) => !Number.isFinite(amount) || amount <= 0)) return undefined;
  return amounts.map((amount) => Number(amountToMinor(amount))).sort((a, b) => a - b);
}

const listText = (amountsMinor: readonly number[]) =>
  amountsMinor
    .map((amountMinor) => formatChipAmount(minorToAmount(BigInt(amountMinor))))
    .join('  ');

/**
 * The merchant's stake profile for its currency (issue 22 item 1): smallest, largest and first
 * stake, the games' chips and the lottery slip's quick amounts. An empty field keeps the
 * currency's default, shown as the placeholder.
 */
export function StakeProfileEditor({
  settings,
  value,
  readOnly,
  onChange,
}: {
  settings: AdminSettings;
  value: Overrides;
  readOnly: boolean;
  onChange(next: Overrides): void;
}) {
  const { t } = useTranslation('settings');
  const defaults = settings.stakeProfileDefaults;
  const set = (key: keyof StakeProfile, next: number | number[] | undefined) =>
    onChange({ ...value, [key]: next });
  return (
    <Stack gap="xs" data-testid="stake-profile">
      <Title order={4}>{t('games.profileTitle', { currency: settings.currency })}</Title>
      <Text size="sm" c="dimmed">
        {t('games.profileHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {amountKeys.map((key) => {
          const own = value[key];
          return (
            <NumberInput
              key={key}
              label={`${t(texts[key])} (${settings.currency})`}
              min={0.01}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              readOnly={readOnly}
              value={own === undefined ? '' : minorToAmount(BigInt(own))}
              placeholder={formatChipAmount(minorToAmount(BigInt(defaults[key])))}
              onChange={(next) =>
                set(
                  key,
                  next === '' || Number(next) <= 0
                    ? undefined
                    : Number(amountToMinor(Number(next))),
                )
              }
              data-testid={`profile-${key}`}
            />
          );
        })}
      </SimpleGrid>
      <Group grow align="flex-start">
        {listKeys.map((key) => {
          const own = value[key];
          return (
            <TextInput
              key={key}
              label={t(texts[key])}
              description={t('games.profileListHint')}
              readOnly={readOnly}
              defaultValue={own ? listText(own) : ''}
              placeholder={listText(defaults[key])}
              onBlur={(event) => set(key, listMinorOf(event.currentTarget.value))}
              data-testid={`profile-${key}`}
            />
          );
        })}
      </Group>
    </Stack>
  );
}
