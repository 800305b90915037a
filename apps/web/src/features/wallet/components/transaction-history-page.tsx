import {
  RECORD_PAGE_SIZE_DEFAULT,
  RECORD_RANGE_MAX_DAYS,
  type TransactionType,
  transactionTypes,
} from '@app/contract/client';
import { Group, Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeFields } from '../../../components/forms/day-range-fields';
import { useCentreTexts } from '../../../lib/centre-texts';
import type { DayRange } from '../../../lib/day-range';
import { useMerchantWallet, useRecordPage } from '../api/use-wallet-centre';
import { lastDays, rangeOfDays } from '../hooks/record-range';
import { RecordTable } from './record-table';

/** Days the record shows when opened. */
const DEFAULT_RANGE_DAYS = 7;
const ALL_TYPES = 'all';

/** Account record (SPEC transactionHistory): every ledger entry, by type and date, paged. */
export default function TransactionHistoryPage() {
  useCentreTexts();
  const { t } = useTranslation('centre');
  const [type, setType] = useState<TransactionType | typeof ALL_TYPES>(ALL_TYPES);
  const [days, setDays] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  const [pageNo, setPageNo] = useState(1);
  const merchantWallet = useMerchantWallet();
  const walletNames = useMemo(
    () => new Map(merchantWallet.data?.vendorWallets.map((vendor) => [vendor.code, vendor.name])),
    [merchantWallet.data],
  );
  const range = rangeOfDays(days.fromDay, days.toDay);
  const valid = typeof range === 'object';
  const records = useRecordPage(
    'transactions',
    valid
      ? {
          ...range,
          pageNo,
          pageSize: RECORD_PAGE_SIZE_DEFAULT,
          ...(type === ALL_TYPES ? {} : { type }),
        }
      : null,
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('type_filter')}
          value={type}
          allowDeselect={false}
          w={180}
          data={[
            { value: ALL_TYPES, label: t('type_all') },
            ...transactionTypes.map((value) => ({ value, label: t(`type_${value}`) })),
          ]}
          onChange={(value) => {
            setType((value as TransactionType | null) ?? ALL_TYPES);
            setPageNo(1);
          }}
        />
      </Group>
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
          walletNames={walletNames}
        />
      )}
    </Stack>
  );
}
