import { formatChipAmount } from '@app/contract/client';
import { ActionIcon, Button, Group, NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GameClientProps } from '../../game-client-types';
import { formatMoney } from './inhouse-format';
import { INHOUSE_NAMESPACE } from './inhouse-texts';

interface StakeFieldProps {
  value: number;
  onChange(stake: number): void;
  limits: GameClientProps['limits'];
  currency: string;
  disabled?: boolean;
}

const clampStake = (stake: number, { minStake, maxStake }: GameClientProps['limits']) =>
  Math.min(maxStake, Math.max(minStake, Math.round(stake * 100) / 100));

/** The stake in major units within the merchant's limits, with half and double buttons. */
export function StakeField({ value, onChange, limits, currency, disabled }: StakeFieldProps) {
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput
          label={`${t('stake')} (${currency})`}
          value={value}
          min={limits.minStake}
          max={limits.maxStake}
          decimalScale={2}
          step={limits.minStake}
          allowNegative={false}
          clampBehavior="blur"
          disabled={disabled}
          onChange={(next) => onChange(typeof next === 'number' ? next : Number(next) || 0)}
          onBlur={() => onChange(clampStake(value, limits))}
          flex={1}
          data-testid="stake-input"
        />
        <ActionIcon
          size="input-sm"
          variant="default"
          aria-label={t('stake_half')}
          disabled={disabled}
          onClick={() => onChange(clampStake(value / 2, limits))}
        >
          ½
        </ActionIcon>
        <ActionIcon
          size="input-sm"
          variant="default"
          aria-label={t('stake_double')}
          disabled={disabled}
          onClick={() => onChange(clampStake(value * 2, limits))}
        >
          2×
        </ActionIcon>
      </Group>
      {limits.chips && limits.chips.length > 0 && (
        <Group gap={6} mt={6} data-testid="stake-chips">
          {limits.chips.map((chip) => (
            <Button
              key={chip}
              size="compact-xs"
              variant={chip === value ? 'filled' : 'default'}
              disabled={disabled}
              onClick={() => onChange(chip)}
            >
              {formatChipAmount(chip)}
            </Button>
          ))}
        </Group>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('stake_limits', {
          min: formatMoney(limits.minStake, currency),
          max: formatMoney(limits.maxStake, currency),
          maxPayout: formatMoney(limits.maxPayout, currency),
        })}
      </Text>
    </div>
  );
}

/** A first stake: the profile's default for the currency, else the minimum. */
export function initialStake(limits: GameClientProps['limits']): number {
  return limits.defaultStake ?? limits.minStake;
}
