import { Badge, Button, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { formatAmount } from '../../lib/format';
import { type AdminLotteryGame, lotteryGamePages } from './api/lottery-games';
import { GameSettingsModal } from './game-settings-modal';
import { useLotteryTexts } from './texts';

function scheduleText(t: TFunction, game: AdminLotteryGame): string {
  const { schedule } = game;
  if (schedule.kind === 'interval') {
    return t('games.every', { seconds: schedule.intervalSeconds });
  }
  return t('games.daily', { time: schedule.time, timeZone: schedule.timeZone });
}

function gameColumns(
  t: TFunction,
  canConfigure: boolean,
  onEdit: (game: AdminLotteryGame) => void,
): DataTableColumn<AdminLotteryGame>[] {
  return [
    {
      key: 'game',
      header: t('games.game'),
      cell: (game) => (
        <>
          <Text size="sm">{game.name}</Text>
          <Text size="xs" c="dimmed">
            {game.gameCode} · {t(`console:lottery.source.${game.source}`)}
          </Text>
        </>
      ),
    },
    {
      key: 'schedule',
      header: t('games.schedule'),
      cell: (game) => (
        <>
          <Text size="sm">{scheduleText(t, game)}</Text>
          <Text size="xs" c="dimmed">
            {t('games.closesBefore', { seconds: game.closeOffsetSeconds })}
          </Text>
        </>
      ),
    },
    {
      key: 'stake',
      header: t('games.stake'),
      align: 'right',
      cell: (game) => `${formatAmount(game.minStake)} – ${formatAmount(game.maxStake)}`,
    },
    {
      key: 'liability',
      header: t('games.maxLiability'),
      align: 'right',
      cell: (game) => formatAmount(game.maxLiability),
    },
    {
      key: 'enabled',
      header: t('games.state'),
      cell: (game) => (
        <Badge variant="light" color={game.enabled ? 'green' : 'gray'}>
          {t(game.enabled ? 'games.enabled' : 'games.disabled')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (game) =>
        canConfigure && (
          <Button size="xs" variant="light" onClick={() => onEdit(game)} data-testid="game-edit">
            {t('games.edit.open')}
          </Button>
        ),
    },
  ];
}

/** The merchant's lottery games with their schedule and limits; admins change them. */
export function LotteryGames() {
  const { t } = useLotteryTexts();
  const canConfigure = useCan()('lottery:configure');
  const [editing, setEditing] = useState<AdminLotteryGame | null>(null);
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('games.hint')}
      </Text>
      <DataTable
        columns={gameColumns(t, canConfigure, setEditing)}
        rowKey={(game) => game.id}
        rowProps={(game) => ({ 'data-testid': 'game-row', 'data-game-code': game.gameCode })}
        queryKey={lotteryGamePages.queryKey}
        fetchPage={lotteryGamePages.fetchPage}
        emptyText={t('games.empty')}
        minWidth={820}
      />
      {editing && <GameSettingsModal game={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
