import { RECORD_PAGE_SIZE_DEFAULT, RECORD_RANGE_MAX_DAYS } from '@app/contract/client';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeFields } from '../../../components/forms/day-range-fields';
import { useCentreTexts } from '../../../lib/centre-texts';
import type { DayRange } from '../../../lib/day-range';
import { useRecordPage } from '../api/use-wallet-centre';
import { lastDays, rangeOfDays } from '../hooks/record-range';
import { RecordTable } from './record-table';

/** Bonus details open on the longest range: bonuses are few. */
const DEFAULT_RANGE_DAYS = 30;

/** Bonus details (SPEC bonusDetails): the bonus wallet's entries, paged. */
export default function BonusDetailsPage() {
  useCentreTexts();
  const { t } = useTranslation('centre');
  const [days, setDays] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  const [pageNo, setPageNo] = useState(1);
  const range = rangeOfDays(days.fromDay, days.toDay);
  const valid = typeof range === 'object';
  const records = useRecordPage(
    'bonusDetails',
    valid ? { ...range, pageNo, pageSize: RECORD_PAGE_SIZE_DEFAULT } : null,
  );
  return (
    <Stack gap="md">
      <DayRangeFields
        namespace="centre"
        value={days}
        onChange={(next) => {
          setDays(next);
          setPageNo(1);
        }}
        error={valid ? undefined : t(range, { days: RECORD_RANGE_MAX_DAYS })}
      />
      {valid && (
        <RecordTable
          page={records.data}
          isPending={records.isPending}
          error={records.error}
          onPageChange={setPageNo}
        />
      )}
    </Stack>
  );
}
