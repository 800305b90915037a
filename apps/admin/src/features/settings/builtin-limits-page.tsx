import {
  type AdminSettings,
  amountToMinor,
  minorToAmount,
  type StakeLimits,
  stakeLimitsProblem,
} from '@app/contract/client';
import { Card, Group, NumberInput, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { formatAmount } from '../../lib/format';
import { useSaveSection } from './api/settings-calls';
import { SaveBar, SettingsPageFrame } from './settings-page-frame';
import { StakeProfileEditor } from './stake-profile-editor';

type BuiltinGames = AdminSettings['builtinGames'];
const limitKeys = ['minStakeMinor', 'maxStakeMinor', 'maxPayoutMinor'] as const;
type LimitKey = (typeof limitKeys)[number];
const limitTexts: Record<LimitKey, string> = {
  minStakeMinor: 'games.minStake',
  maxStakeMinor: 'games.maxStake',
  maxPayoutMinor: 'games.maxPayout',
};

/** Major units typed by the operator to minor units; empty means "the default". */
function minorOf(value: string | number): number | undefined {
  if (value === '' || value === undefined) return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) && amount > 0 ? Number(amountToMinor(amount)) : undefined;
}

/** Drops entries whose fields are all defaults, so the saved settings name only real choices. */
function withoutEmpty<T extends Record<string, object>>(limits: T): T {
  return Object.fromEntries(
    Object.entries(limits)
      .map(([code, own]) => [
        code,
        Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)),
      ])
      .filter(([, own]) => Object.keys(own as object).length > 0),
  ) as T;
}

function LimitsEditor({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('settings');
  const can = useCan();
  const readOnly = !can('settings:edit');
  const save = useSaveSection('builtinGames');
  const [draft, setDraft] = useState<BuiltinGames>(settings.builtinGames);
  const edit = (change: Partial<BuiltinGames>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const setLimit = (gameCode: string, key: LimitKey, value: string | number) =>
    edit({
      limits: { ...draft.limits, [gameCode]: { ...draft.limits[gameCode], [key]: minorOf(value) } },
    });
  const problem = settings.builtinGameCodes
    .map((code) => stakeLimitsProblem((draft.limits[code] ?? {}) as StakeLimits))
    .find((found) => found !== null);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xl">
          <Switch
            label={t('games.autoplay')}
            checked={draft.autoplayAllowed}
            disabled={readOnly}
            onChange={(event) => edit({ autoplayAllowed: event.currentTarget.checked })}
            data-testid="settings-autoplay"
          />
          <Switch
            label={t('games.turbo')}
            checked={draft.turboAllowed}
            disabled={readOnly}
            onChange={(event) => edit({ turboAllowed: event.currentTarget.checked })}
            data-testid="settings-turbo"
          />
        </Group>
        <StakeProfileEditor
          settings={settings}
          value={draft.stakeProfiles[settings.currency] ?? {}}
          readOnly={readOnly}
          onChange={(profile) =>
            edit({ stakeProfiles: { ...draft.stakeProfiles, [settings.currency]: profile } })
          }
        />
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('games.game')}</Table.Th>
                {limitKeys.map((key) => (
                  <Table.Th key={key}>{t(limitTexts[key])}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.builtinGameCodes.map((gameCode) => (
                <Table.Tr key={gameCode} data-testid={`limits-${gameCode}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {gameCode}
                    </Text>
                    {stakeLimitsProblem((draft.limits[gameCode] ?? {}) as StakeLimits) && (
                      <Text size="xs" c="red">
                        {t('errors:SETTINGS_STAKE_LIMITS_INVALID')}
                      </Text>
                    )}
                  </Table.Td>
                  {limitKeys.map((key) => {
                    const own = draft.limits[gameCode]?.[key];
                    return (
                      <Table.Td key={key}>
                        <NumberInput
                          size="xs"
                          min={0.01}
                          decimalScale={2}
                          allowNegative={false}
                          thousandSeparator=","
                          readOnly={readOnly}
                          aria-label={`${gameCode} ${t(limitTexts[key])}`}
                          value={own === undefined ? '' : minorToAmount(BigInt(own))}
                          placeholder={t('games.defaultHint', {
                            value: formatAmount(
                              minorToAmount(BigInt(settings.builtinDefaults[key])),
                            ),
                          })}
                          onChange={(value) => setLimit(gameCode, key, value)}
                          data-testid={`limits-${gameCode}-${key}`}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <SaveBar
          onSave={() =>
            save.mutate({
              ...draft,
              limits: withoutEmpty(draft.limits),
              stakeProfiles: withoutEmpty(draft.stakeProfiles),
            })
          }
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error}
          problem={problem && t(`errors:${problem}`)}
          testId="settings-games-save"
        />
      </Stack>
    </Card>
  );
}

export default function BuiltinLimitsPage() {
  return (
    <SettingsPageFrame titleKey="games.title">
      {(settings) => <LimitsEditor settings={settings} />}
    </SettingsPageFrame>
  );
}
