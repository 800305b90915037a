import { formatAmount, type LotteryBet, type LotteryBetStatus } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelBet, useMyBets } from '../api/lottery-api';
import { useLotteryAccess } from '../lottery-access';
import { betTypeLabel } from './bet-type-label';

const statusColours: Record<LotteryBetStatus, string> = {
  open: 'blue',
  won: 'teal',
  lost: 'gray',
  cancelled: 'orange',
  void: 'gray',
};

/**
 * The bets this view saw open and then won: the draw settled while the member watched, so they
 * are told, not left to spot a badge.
 */
function useNewWins(list: readonly LotteryBet[] | undefined): LotteryBet[] {
  const seenOpen = useRef(new Set<string>());
  if (!list) return [];
  const wins = list.filter(
    (bet) => bet.status === 'won' && seenOpen.current.has(String(bet.betId)),
  );
  for (const bet of list) if (bet.status === 'open') seenOpen.current.add(String(bet.betId));
  return wins;
}

/**
 * The member's bets on this game, newest first and paged, with their status; an open bet on
 * the draw still taking bets can be cancelled where the game allows it.
 */
export default function MyBets({
  gameCode,
  cancelAllowed,
  openDrawId,
}: {
  gameCode: string;
  cancelAllowed: boolean;
  openDrawId: number | null;
}) {
  const { t } = useTranslation('lottery');
  const { username, isLoggedIn, onBalanceChanged } = useLotteryAccess();
  const [pageNo, setPageNo] = useState(1);
  const bets = useMyBets(isLoggedIn ? username : null, gameCode, pageNo);
  const cancel = useCancelBet(username, onBalanceChanged);
  const wins = useNewWins(bets.data?.list);

  if (!isLoggedIn) return <Text c="dimmed">{t('my_bets_login')}</Text>;
  if (bets.isPending) {
    return (
      <Center p="md">
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (bets.isError) return <Text c="red">{t('load_failed')}</Text>;
  const { list, totalPages } = bets.data;
  if (list.length === 0) return <Text c="dimmed">{t('my_bets_empty')}</Text>;
  const cancellable = (bet: LotteryBet) =>
    cancelAllowed && bet.status === 'open' && bet.drawId === openDrawId;

  return (
    <Stack gap="sm" data-testid="my-bets">
      {wins.length > 0 && (
        <Alert color="teal" role="status" data-testid="lottery-win-notice">
          {wins
            .map((bet) => t('win_notice', { drawNo: bet.drawNo, payout: formatAmount(bet.payout) }))
            .join(' ')}
        </Alert>
      )}
      {cancel.isError && (
        <Text c="red" role="alert">
          {errorText(t, cancel.error)}
        </Text>
      )}
      {/* Cards, not a table: the column beside the game is narrow on desktop and on a phone, and
          a table there scrolled sideways and cut the status badges. */}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((bet) => (
          <Paper
            key={bet.betId}
            component="li"
            withBorder
            radius="md"
            p="xs"
            data-testid="my-bet"
            data-status={bet.status}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size="sm" fw={600} style={{ minWidth: 0 }}>
                {t('col_draw')} {bet.drawNo} · {betTypeLabel(t, bet.betType, bet.position)}
              </Text>
              <Badge
                color={statusColours[bet.status]}
                variant="light"
                style={{ flexShrink: 0, overflow: 'visible' }}
              >
                {t(`bet_status_${bet.status}`)}
                {bet.hits !== null && bet.hits > 1 ? ` ×${bet.hits}` : ''}
              </Badge>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {bet.numbers.join(', ')}
            </Text>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="xs" c="dimmed">
                {t('col_stake')} {formatAmount(bet.stake)} · {t('col_odds')} {bet.odds} ·{' '}
                {t('col_payout')} <span data-testid="bet-payout">{formatAmount(bet.payout)}</span>
              </Text>
              {cancellable(bet) && (
                <Button
                  size="compact-xs"
                  variant="default"
                  loading={cancel.isPending && cancel.variables === bet.betId}
                  onClick={() => cancel.mutate(bet.betId)}
                >
                  {t('cancel_bet')}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={pageNo}
          onChange={setPageNo}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
        />
      )}
    </Stack>
  );
}
