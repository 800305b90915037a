import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DayRange, dayString, lastDays, oldestDay } from '../hooks/day-range';

/** Quick ranges offered beside the date fields, in days ending today. */
const QUICK_RANGE_DAYS = [1, 7, 30, 90] as const;

/** From and to days (whole local days), bounded by the history kept, with quick ranges. */
export function RangeFields({
  value,
  onChange,
  error,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('records');
  const min = oldestDay();
  const max = dayString(new Date());
  return (
    <>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('from_day')}
          value={value.fromDay}
          min={min}
          max={max}
          onChange={(event) => onChange({ ...value, fromDay: event.currentTarget.value })}
          error={error}
        />
        <TextInput
          type="date"
          label={t('to_day')}
          value={value.toDay}
          min={min}
          max={max}
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
