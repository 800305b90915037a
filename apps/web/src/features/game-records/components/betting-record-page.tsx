import {
  GAME_RECORD_HISTORY_DAYS,
  GAME_RECORD_PAGE_SIZE_DEFAULT,
  type GameCategory,
  type GameRoundStatus,
  gameRoundStatuses,
} from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, type CardListColumn } from '../../../components/card-list/card-list';
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
/** Below this the bets table scrolls sideways on wide screens (phones get cards instead). */
const BETS_TABLE_MIN_WIDTH_PX = 660;

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
  type Bet = NonNullable<typeof page>['list'][number];
  const betColumns: CardListColumn<Bet>[] = [
    {
      key: 'time',
      header: t('col_time'),
      cell: (row) => <Text size="sm">{time.format(new Date(row.startedAt))}</Text>,
    },
    {
      key: 'game',
      header: t('col_game'),
      heading: true,
      cell: (row) => (
        <>
          <Text size="sm" fw={500}>
            {row.gameName ?? row.gameCode ?? row.vassalage}
          </Text>
          <Text size="xs" c="dimmed">
            {`${row.vendorName} · ${t(`category_${row.gameType}`)}`}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('col_status'),
      cell: (row) => (
        <Badge
          variant="light"
          color={statusColours[row.status]}
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {t(`status_${row.status}`)}
        </Badge>
      ),
    },
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
    {
      key: 'details',
      header: '',
      cell: (row) => (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t('details_of', { roundRef: row.roundRef })}
          onClick={() => showRound(row.roundId)}
        >
          {t('details')}
        </Button>
      ),
    },
  ];

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
            <CardList
              columns={betColumns}
              rows={page.list}
              rowKey={(row) => row.roundId}
              label={t('bets_table')}
              minWidthPx={BETS_TABLE_MIN_WIDTH_PX}
            />
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
