import { GAME_RECORD_HISTORY_DAYS, type GameRecordTotals } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, type CardListColumn } from '../../../components/card-list/card-list';
import { usePersonalProfit } from '../api/use-game-records';
import { browserTimeZone, type DayRange, lastDays, rangeOfDays } from '../hooks/day-range';
import { useRecordsTexts } from '../records-texts';
import { MoneyText } from './money-text';
import { RangeFields } from './range-fields';
import { TotalsBar } from './totals-bar';

const DEFAULT_RANGE_DAYS = 7;
const SKELETON_HEIGHT_PX = 180;

/** Below this a sums table scrolls sideways on wide screens (phones get cards instead). */
const SUMS_TABLE_MIN_WIDTH_PX = 480;

/** The columns of a sums table: what the row is (a day, a category), then its sums. */
function sumColumns<T extends GameRecordTotals>(
  t: TFunction,
  first: { header: string; cell: (row: T) => string },
): CardListColumn<T>[] {
  return [
    { key: 'first', header: first.header, heading: true, cell: first.cell },
    { key: 'rounds', header: t('col_rounds'), align: 'right', cell: (row) => row.rounds },
    {
      key: 'stake',
      header: t('col_stake'),
      align: 'right',
      cell: (row) => <MoneyText amount={row.stake} />,
    },
    {
      key: 'win',
      header: t('col_win'),
      align: 'right',
      cell: (row) => <MoneyText amount={row.win} />,
    },
    {
      key: 'profit',
      header: t('col_profit'),
      align: 'right',
      cell: (row) => <MoneyText amount={row.profit} profit />,
    },
  ];
}

/** Personal profit and loss (SPEC personalProfit): per day and per category, with totals. */
export default function PersonalProfitPage() {
  useRecordsTexts();
  const { t, i18n } = useTranslation('records');
  const [days, setDays] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  const [timeZone] = useState(browserTimeZone);
  const range = rangeOfDays(days);
  const valid = typeof range === 'object';
  const profit = usePersonalProfit(valid ? { ...range, timeZone } : null);
  const dayFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const data = profit.data;

  return (
    <Stack gap="md">
      <RangeFields
        value={days}
        onChange={setDays}
        error={valid ? undefined : t(range, { days: GAME_RECORD_HISTORY_DAYS })}
      />
      <Text size="xs" c="dimmed">
        {t('days_note', { timeZone })}
      </Text>
      {valid && profit.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, profit.error)}
        </Alert>
      ) : null}
      {valid && !profit.error && !data ? <Skeleton height={SKELETON_HEIGHT_PX} /> : null}
      {valid && !profit.error && data ? (
        <>
          <TotalsBar totals={data.totals} />
          {data.days.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('no_bets')}
            </Text>
          ) : (
            <>
              <Title order={6}>{t('profit_table')}</Title>
              <CardList
                columns={sumColumns(t, {
                  header: t('col_day'),
                  cell: (row: (typeof data.days)[number]) =>
                    dayFormat.format(new Date(`${row.day}T00:00:00Z`)),
                })}
                rows={data.days}
                rowKey={(row) => row.day}
                label={t('profit_table')}
                minWidthPx={SUMS_TABLE_MIN_WIDTH_PX}
              />
              <Title order={6}>{t('category_table')}</Title>
              <CardList
                columns={sumColumns(t, {
                  header: t('col_category'),
                  cell: (row: (typeof data.categories)[number]) => t(`category_${row.gameType}`),
                })}
                rows={data.categories}
                rowKey={(row) => row.gameType}
                label={t('category_table')}
                minWidthPx={SUMS_TABLE_MIN_WIDTH_PX}
              />
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
