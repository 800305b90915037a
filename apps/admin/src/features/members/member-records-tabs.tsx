import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import { memberGameRecordPages, memberLotteryBetPages, useFirstPage } from './api/member-calls';

export function GamesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = memberGameRecordPages(memberId);
  const first = useFirstPage(pages);
  return (
    <Stack>
      {first.error && <Alert color="red">{errorText(t, first.error)}</Alert>}
      {first.data && (
        <Text size="sm" c="dimmed">
          {t('members.games.totals', {
            stake: formatAmount(first.data.totals.stake),
            profit: formatAmount(first.data.totals.profit),
          })}
        </Text>
      )}
      <DataTable
        columns={[
          {
            key: 'startedAt',
            header: t('members.games.startedAt'),
            cell: (round) => formatDateTime(round.startedAt),
          },
          {
            key: 'game',
            header: t('members.games.game'),
            cell: (round) => (
              <>
                {round.gameName ?? round.gameCode ?? '—'}
                <Text size="xs" c="dimmed">
                  {round.vendorName}
                </Text>
              </>
            ),
          },
          { key: 'status', header: t('members.games.status'), cell: (round) => round.status },
          {
            key: 'stake',
            header: t('members.games.stake'),
            align: 'right',
            cell: (round) => formatAmount(round.stake),
          },
          {
            key: 'win',
            header: t('members.games.win'),
            align: 'right',
            cell: (round) => formatAmount(round.win),
          },
          {
            key: 'profit',
            header: t('members.games.profit'),
            align: 'right',
            cell: (round) => (
              <Text span c={round.profit < 0 ? 'red' : 'teal'}>
                {formatAmount(round.profit)}
              </Text>
            ),
          },
        ]}
        rowKey={(round) => round.roundId}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        testId="member-games"
        emptyText={t('members.noRows')}
        emptyTestId="games-empty"
      />
    </Stack>
  );
}

export function LotteryTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = memberLotteryBetPages(memberId);
  return (
    <DataTable
      columns={[
        {
          key: 'placedAt',
          header: t('members.lottery.placedAt'),
          cell: (bet) => formatDateTime(bet.placedAtMs),
        },
        {
          key: 'game',
          header: t('members.lottery.game'),
          cell: (bet) => (
            <>
              {bet.gameCode}
              <Text size="xs" c="dimmed">
                {bet.drawNo}
              </Text>
            </>
          ),
        },
        {
          key: 'bet',
          header: t('members.lottery.bet'),
          cell: (bet) => `${bet.betType}: ${bet.numbers.join(', ')}`,
        },
        {
          key: 'stake',
          header: t('members.lottery.stake'),
          align: 'right',
          cell: (bet) => formatAmount(bet.stake),
        },
        { key: 'status', header: t('members.lottery.status'), cell: (bet) => bet.status },
        {
          key: 'payout',
          header: t('members.lottery.payout'),
          align: 'right',
          cell: (bet) => formatAmount(bet.payout),
        },
      ]}
      rowKey={(bet) => bet.betId}
      queryKey={pages.queryKey}
      fetchPage={pages.fetchPage}
      testId="member-lottery"
      emptyText={t('members.noRows')}
      emptyTestId="lottery-empty"
    />
  );
}
