import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lastDays } from '../hooks/record-range';

/** Quick ranges offered beside the date fields, in days ending today. */
const QUICK_RANGE_DAYS = [1, 7, 30, 90] as const;

export interface DayRange {
  fromDay: string;
  toDay: string;
}

/** From and to days (whole local days) with quick ranges. */
export function RecordRangeFields({
  value,
  onChange,
  error,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  error?: string;
}) {
  const { t } = useTranslation('centre');
  return (
    <>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('from_day')}
          value={value.fromDay}
          onChange={(event) => onChange({ ...value, fromDay: event.currentTarget.value })}
          error={error}
        />
        <TextInput
          type="date"
          label={t('to_day')}
          value={value.toDay}
          onChange={(event) => onChange({ ...value, toDay: event.currentTarget.value })}
        />
      </Group>
      <Group gap="xs">
        {QUICK_RANGE_DAYS.map((days) => (
          <Button key={days} variant="default" size="xs" onClick={() => onChange(lastDays(days))}>
            {days === 1 ? t('today') : t('last_days', { days })}
          </Button>
        ))}
      </Group>
    </>
  );
}
