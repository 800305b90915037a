import {
  GAME_RECORD_HISTORY_DAYS,
  GAME_RECORD_PAGE_SIZE_DEFAULT,
  type GameCategory,
  type GameRoundStatus,
  gameRoundStatuses,
} from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Badge,
  Button,
  Group,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { useBettingRecords, useGameRecordFilters } from '../api/use-game-records';
import { type DayRange, lastDays, rangeOfDays } from '../hooks/day-range';
import { useRecordsTexts } from '../records-texts';
import { MoneyText } from './money-text';
import { Pager } from './pager';
import { RangeFields } from './range-fields';
import { TotalsBar } from './totals-bar';

const RoundDetailModal = lazyWithRetry(() => import('./round-detail-modal'));

/** Days the record shows when opened. */
const DEFAULT_RANGE_DAYS = 7;
const ALL = 'all';
/** The placeholder keeps about a page of rows' height while the first page loads. */
const SKELETON_HEIGHT_PX = 180;
const statusColours = { open: 'blue', settled: 'gray', cancelled: 'orange' } as const;

/** Betting record (SPEC personalHistoryCopy): rounds by category, vendor, day and status. */
export default function BettingRecordPage() {
  useRecordsTexts();
  const { t, i18n } = useTranslation('records');
  const [gameType, setGameType] = useState<GameCategory | typeof ALL>(ALL);
  const [vassalage, setVassalage] = useState<string>(ALL);
  const [status, setStatus] = useState<GameRoundStatus | typeof ALL>(ALL);
  const [days, setDays] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  const [pageNo, setPageNo] = useState(1);
  const [shownRound, setShownRound] = useState<string | null>(null);
  const [modalLoaded, setModalLoaded] = useState(false);
  const filters = useGameRecordFilters();
  const range = rangeOfDays(days);
  const valid = typeof range === 'object';
  const records = useBettingRecords(
    valid
      ? {
          ...range,
          pageNo,
          pageSize: GAME_RECORD_PAGE_SIZE_DEFAULT,
          ...(gameType === ALL ? {} : { gameType }),
          ...(vassalage === ALL ? {} : { vassalage }),
          ...(status === ALL ? {} : { status }),
        }
      : null,
  );
  const showRound = (roundId: string) => {
    setModalLoaded(true);
    setShownRound(roundId);
  };
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNo(1);
    };
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const page = records.data;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('category_filter')}
          value={gameType}
          allowDeselect={false}
          w={170}
          data={[
            { value: ALL, label: t('all') },
            ...(filters.data?.gameTypes ?? []).map((value) => ({
              value,
              label: t(`category_${value}`),
            })),
          ]}
          onChange={(value) => refilter(setGameType)((value as GameCategory | null) ?? ALL)}
        />
        <Select
          label={t('vendor_filter')}
          value={vassalage}
          allowDeselect={false}
          w={170}
          data={[
            { value: ALL, label: t('all') },
            ...(filters.data?.vendors ?? []).map((vendor) => ({
              value: vendor.vassalage,
              label: vendor.name,
            })),
          ]}
          onChange={(value) => refilter(setVassalage)(value ?? ALL)}
        />
        <Select
          label={t('status_filter')}
          value={status}
          allowDeselect={false}
          w={150}
          data={[
            { value: ALL, label: t('all') },
            ...gameRoundStatuses.map((value) => ({ value, label: t(`status_${value}`) })),
          ]}
          onChange={(value) => refilter(setStatus)((value as GameRoundStatus | null) ?? ALL)}
        />
        <Button variant="light" ml="auto" onClick={() => showRound('last')}>
          {t('last_round')}
        </Button>
      </Group>
      <RangeFields
        value={days}
        onChange={refilter(setDays)}
        error={valid ? undefined : t(range, { days: GAME_RECORD_HISTORY_DAYS })}
      />
      {valid && records.error ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, records.error)}
        </Alert>
      ) : null}
      {valid && !records.error && (records.isPending || !page) ? (
        <Skeleton height={SKELETON_HEIGHT_PX} />
      ) : null}
      {valid && !records.error && page ? (
        <>
          <TotalsBar totals={page.totals} />
          {page.list.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('no_bets')}
            </Text>
          ) : (
            <ScrollArea>
              <Table striped highlightOnHover miw={660} aria-label={t('bets_table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('col_time')}</Table.Th>
                    <Table.Th>{t('col_game')}</Table.Th>
                    <Table.Th>{t('col_status')}</Table.Th>
                    <Table.Th ta="right">{t('col_stake')}</Table.Th>
                    <Table.Th ta="right">{t('col_win')}</Table.Th>
                    <Table.Th ta="right">{t('col_profit')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.list.map((row) => (
                    <Table.Tr key={row.roundId}>
                      <Table.Td>
                        <Text size="sm">{time.format(new Date(row.startedAt))}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {row.gameName ?? row.gameCode ?? row.vassalage}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {`${row.vendorName} · ${t(`category_${row.gameType}`)}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={statusColours[row.status]}
                          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                        >
                          {t(`status_${row.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <MoneyText amount={row.stake} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <MoneyText amount={row.win} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <MoneyText amount={row.profit} profit />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          aria-label={t('details_of', { roundRef: row.roundRef })}
                          onClick={() => showRound(row.roundId)}
                        >
                          {t('details')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
          <Pager
            pageNo={page.pageNo}
            totalPages={page.totalPages}
            totalCount={page.totalCount}
            onChange={setPageNo}
          />
        </>
      ) : null}
      {modalLoaded && (
        <Suspense fallback={null}>
          <RoundDetailModal roundId={shownRound} onClose={() => setShownRound(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
