import { GAME_RECORD_HISTORY_DAYS, type GameRecordTotals } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonalProfit } from '../api/use-game-records';
import { browserTimeZone, type DayRange, lastDays, rangeOfDays } from '../hooks/day-range';
import { useRecordsTexts } from '../records-texts';
import { MoneyText } from './money-text';
import { RangeFields } from './range-fields';
import { TotalsBar } from './totals-bar';

const DEFAULT_RANGE_DAYS = 7;
const SKELETON_HEIGHT_PX = 180;

function SumCells({ sums }: { sums: GameRecordTotals }) {
  return (
    <>
      <Table.Td ta="right">{sums.rounds}</Table.Td>
      <Table.Td ta="right">
        <MoneyText amount={sums.stake} />
      </Table.Td>
      <Table.Td ta="right">
        <MoneyText amount={sums.win} />
      </Table.Td>
      <Table.Td ta="right">
        <MoneyText amount={sums.profit} profit />
      </Table.Td>
    </>
  );
}

function SumHeads({ first }: { first: string }) {
  const { t } = useTranslation('records');
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{first}</Table.Th>
        <Table.Th ta="right">{t('col_rounds')}</Table.Th>
        <Table.Th ta="right">{t('col_stake')}</Table.Th>
        <Table.Th ta="right">{t('col_win')}</Table.Th>
        <Table.Th ta="right">{t('col_profit')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
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
              <ScrollArea>
                <Table striped miw={480} aria-label={t('profit_table')}>
                  <SumHeads first={t('col_day')} />
                  <Table.Tbody>
                    {data.days.map((row) => (
                      <Table.Tr key={row.day}>
                        <Table.Td>{dayFormat.format(new Date(`${row.day}T00:00:00Z`))}</Table.Td>
                        <SumCells sums={row} />
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
              <Title order={6}>{t('category_table')}</Title>
              <ScrollArea>
                <Table striped miw={480} aria-label={t('category_table')}>
                  <SumHeads first={t('col_category')} />
                  <Table.Tbody>
                    {data.categories.map((row) => (
                      <Table.Tr key={row.gameType}>
                        <Table.Td>{t(`category_${row.gameType}`)}</Table.Td>
                        <SumCells sums={row} />
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
