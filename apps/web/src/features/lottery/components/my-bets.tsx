import { formatAmount, type LotteryBet, type LotteryBetStatus } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Badge,
  Button,
  Center,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
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
      {cancel.isError && (
        <Text c="red" role="alert">
          {errorText(t, cancel.error)}
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('col_draw')}</Table.Th>
              <Table.Th>{t('col_bet_type')}</Table.Th>
              <Table.Th>{t('col_numbers')}</Table.Th>
              <Table.Th>{t('col_stake')}</Table.Th>
              <Table.Th>{t('col_odds')}</Table.Th>
              <Table.Th>{t('col_status')}</Table.Th>
              <Table.Th>{t('col_payout')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('col_actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((bet) => (
              <Table.Tr key={bet.betId} data-testid="my-bet" data-status={bet.status}>
                <Table.Td>{bet.drawNo}</Table.Td>
                <Table.Td>{betTypeLabel(t, bet.betType, bet.position)}</Table.Td>
                <Table.Td style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
                  {bet.numbers.join(', ')}
                </Table.Td>
                <Table.Td>{formatAmount(bet.stake)}</Table.Td>
                <Table.Td>{bet.odds}</Table.Td>
                <Table.Td>
                  <Badge color={statusColours[bet.status]} variant="light">
                    {t(`bet_status_${bet.status}`)}
                    {bet.hits !== null && bet.hits > 1 ? ` ×${bet.hits}` : ''}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatAmount(bet.payout)}</Table.Td>
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
