import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DayRange, lastDays } from '../../lib/day-range';

/** Quick ranges offered beside the date fields, in days ending today. */
const QUICK_RANGE_DAYS = [1, 7, 30, 90] as const;
const DAY_FIELDS = [
  { side: 'fromDay', label: 'from_day' },
  { side: 'toDay', label: 'to_day' },
] as const;

export interface DayRangeFieldsProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** Shown under the first field: why the range cannot be asked for. */
  error?: string | undefined;
  /** The namespace holding `from_day`, `to_day`, `today` and `last_days`. */
  namespace: string;
  /** The earliest and latest days the fields offer (yyyy-MM-dd), when bounded. */
  minDay?: string | undefined;
  maxDay?: string | undefined;
}

/** From and to days (whole local days) with quick ranges: the records' and reports' filter. */
export function DayRangeFields({
  value,
  onChange,
  error,
  namespace,
  minDay,
  maxDay,
}: DayRangeFieldsProps) {
  const { t } = useTranslation(namespace);
  return (
    <>
      <Group align="flex-start" gap="sm" wrap="wrap">
        {DAY_FIELDS.map(({ side, label }) => (
          <TextInput
            key={side}
            type="date"
            label={t(label)}
            value={value[side]}
            min={minDay}
            max={maxDay}
            onChange={(event) => onChange({ ...value, [side]: event.currentTarget.value })}
            // The reason a range cannot be asked for is shown once, under its start.
            error={side === 'fromDay' ? error : undefined}
          />
        ))}
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
