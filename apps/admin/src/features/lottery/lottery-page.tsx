import type { LotteryDrawStatus } from '@app/contract';
import { Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan, useConsoleSession } from '../../lib/console-session';
import { formatAmount, formatDateTime } from '../../lib/format';
import { type AdminLotteryDraw, lotteryDrawPages } from './api/lottery-draws';
import { type DrawAction, drawActionsFor } from './draw-actions';
import { ConfirmResultModal, EnterResultModal, ResultView, VoidDrawModal } from './draw-modals';

/**
 * The list's views: awaiting a result, awaiting its confirmation, recently settled, and every
 * draw (newest draw time first, so the house games' frequent draws come first there).
 */
const views = ['closed', 'entered', 'settled', 'all', 'games'] as const;
type View = (typeof views)[number];

/** The games view (schedule and limits) loads when opened: operators rarely change them. */
const LotteryGames = lazy(() =>
  import('./lottery-games').then((module) => ({ default: module.LotteryGames })),
);

type Opened = { action: DrawAction; draw: AdminLotteryDraw } | null;

const statusColours: Partial<Record<LotteryDrawStatus, string>> = {
  closed: 'yellow',
  entered: 'orange',
  settled: 'green',
  void: 'gray',
};

function ActionButtons({
  draw,
  actions,
  onOpen,
}: {
  draw: AdminLotteryDraw;
  actions: DrawAction[];
  onOpen: (opened: Opened) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          color={action === 'void' ? 'red' : undefined}
          variant={action === 'void' ? 'light' : 'filled'}
          onClick={() => onOpen({ action, draw })}
          data-testid={`draw-${action}`}
        >
          {t(`lottery.actions.${action}`)}
        </Button>
      ))}
    </Group>
  );
}

function StatusCell({ draw, operatorId }: { draw: AdminLotteryDraw; operatorId?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="light" color={statusColours[draw.status]} data-testid="draw-status">
        {t(`lottery.status.${draw.status}`)}
      </Badge>
      {draw.status === 'entered' && draw.enteredByOperatorId === operatorId && (
        <Text size="xs" c="dimmed">
          {t('lottery.enteredByYou')}
        </Text>
      )}
      {draw.voidReason && (
        <Text size="xs" c="dimmed">
          {draw.voidReason}
        </Text>
      )}
    </>
  );
}

function drawColumns(
  t: TFunction,
  can: ReturnType<typeof useCan>,
  operatorId: number | undefined,
  onOpen: (opened: Opened) => void,
): DataTableColumn<AdminLotteryDraw>[] {
  return [
    {
      key: 'game',
      header: t('lottery.game'),
      cell: (draw) => (
        <>
          <Text size="sm">{draw.gameCode}</Text>
          <Text size="xs" c="dimmed">
            {draw.drawNo} · {t(`lottery.source.${draw.source}`)}
          </Text>
        </>
      ),
    },
    { key: 'drawAt', header: t('lottery.drawAt'), cell: (draw) => formatDateTime(draw.drawAtMs) },
    {
      key: 'bets',
      header: t('lottery.bets'),
      align: 'right',
      cell: (draw) => `${draw.betCount} · ${formatAmount(draw.stakeTotal)}`,
    },
    {
      key: 'status',
      header: t('lottery.statusLabel'),
      cell: (draw) => <StatusCell draw={draw} operatorId={operatorId} />,
    },
    { key: 'result', header: t('lottery.result'), cell: (draw) => <ResultView draw={draw} /> },
    {
      key: 'actions',
      header: '',
      cell: (draw) => (
        <ActionButtons draw={draw} actions={drawActionsFor(draw, can)} onOpen={onOpen} />
      ),
    },
  ];
}

function OpenedModal({ opened, onClose }: { opened: Opened; onClose: () => void }) {
  if (!opened) return null;
  const props = { draw: opened.draw, onClose, onDone: onClose };
  if (opened.action === 'enter') return <EnterResultModal {...props} />;
  if (opened.action === 'confirm') return <ConfirmResultModal {...props} />;
  return <VoidDrawModal {...props} />;
}

export default function LotteryPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('closed');
  const [opened, setOpened] = useState<Opened>(null);
  const can = useCan();
  const operatorId = useConsoleSession().data?.operator.id;
  const pages = lotteryDrawPages(view === 'all' || view === 'games' ? null : view);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('lottery.title')}</Title>
        <SegmentedControl
          value={view}
          onChange={(value) => setView(value as View)}
          data={views.map((value) => ({ value, label: t(`lottery.views.${value}`) }))}
          data-testid="lottery-views"
        />
      </Group>
      {view === 'games' ? (
        <Suspense fallback={null}>
          <LotteryGames />
        </Suspense>
      ) : (
        <DataTable
          columns={drawColumns(t, can, operatorId, setOpened)}
          rowKey={(draw) => draw.drawId}
          rowProps={(draw) => ({
            'data-testid': 'draw-row',
            'data-draw-id': String(draw.drawId),
            'data-status': draw.status,
          })}
          queryKey={pages.queryKey}
          fetchPage={pages.fetchPage}
          emptyText={t('lottery.empty')}
          emptyTestId="draws-empty"
          minWidth={820}
        />
      )}
      <OpenedModal opened={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
