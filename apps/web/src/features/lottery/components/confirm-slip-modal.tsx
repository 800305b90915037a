import { formatAmount, type LotteryDraw, type LotteryGame } from '@app/contract/client';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../../../lib/theme';
import type { SlipSummary } from '../model/slip';
import { betTypeLabel } from './bet-type-label';

/** Bets listed one by one in the confirmation; the rest are counted. */
const CONFIRM_LISTED_BETS_MAX = 8;

/**
 * The confirm step: what will be placed and the total. The slip id is made when the step opens
 * and kept for its retries, so a retry after a lost answer cannot place the slip twice.
 */
export default function ConfirmSlipModal({
  opened,
  game,
  draw,
  summary,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  game: LotteryGame;
  draw: LotteryDraw | null;
  summary: SlipSummary;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (slipId: string) => void;
}) {
  const { t } = useTranslation('lottery');
  const [slipId, setSlipId] = useState(() => crypto.randomUUID());
  useEffect(() => {
    if (opened) setSlipId(crypto.randomUUID());
  }, [opened]);
  const listed = summary.bets.slice(0, CONFIRM_LISTED_BETS_MAX);
  const more = summary.bets.length - listed.length;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('confirm_title')}
      size={DIALOG_WIDTH}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="sm" data-testid="confirm-slip">
        <Text size="sm">
          {game.gameName}
          {draw ? ` · ${t('draw_no', { drawNo: draw.drawNo })}` : ''}
        </Text>
        <List size="sm" spacing={2}>
          {listed.map((bet) => (
            <List.Item key={`${bet.betType}-${bet.position ?? ''}-${bet.numbers.join('.')}`}>
              {betTypeLabel(t, bet.betType, bet.position)}: {bet.numbers.join(', ')} ·{' '}
              {formatAmount(bet.amountPerPoint)} × {bet.points}
            </List.Item>
          ))}
        </List>
        {more > 0 && (
          <Text size="sm" c="dimmed">
            {t('more_bets', { count: more })}
          </Text>
        )}
        <Text fw={700} data-testid="confirm-total">
          {t('total')}: {formatAmount(summary.totalAmount)}
        </Text>
        {error && (
          <Alert color="red" role="alert" data-testid="slip-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button onClick={() => onConfirm(slipId)} loading={pending} data-testid="confirm-bets">
            {error ? t('retry') : t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
