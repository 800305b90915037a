import {
  DayRangeFields,
  type DayRangeFieldsProps,
} from '../../../components/forms/day-range-fields';
import { dayString } from '../../../lib/day-range';
import { oldestDay } from '../hooks/day-range';

/** The shared day range, bounded by the history the server keeps and by today. */
export function RangeFields(props: Pick<DayRangeFieldsProps, 'value' | 'onChange' | 'error'>) {
  return (
    <DayRangeFields
      {...props}
      namespace="records"
      minDay={oldestDay()}
      maxDay={dayString(new Date())}
    />
  );
}
