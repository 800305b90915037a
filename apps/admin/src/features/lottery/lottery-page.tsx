import type { LotteryDrawStatus } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useConsoleSession } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import { type AdminLotteryDraw, useLotteryDraws } from './api/lottery-draws';
import { type DrawAction, drawActionsFor } from './draw-actions';
import { ConfirmResultModal, EnterResultModal, ResultView, VoidDrawModal } from './draw-modals';

/**
 * The list's views: awaiting a result, awaiting its confirmation, recently settled, and every
 * draw (newest draw time first, so the house games' frequent draws come first there).
 */
const views = ['closed', 'entered', 'settled', 'all'] as const;
type View = (typeof views)[number];

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

function DrawRow({
  draw,
  actions,
  operatorId,
  onOpen,
}: {
  draw: AdminLotteryDraw;
  actions: DrawAction[];
  operatorId: number | undefined;
  onOpen: (opened: Opened) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="draw-row" data-draw-id={draw.drawId} data-status={draw.status}>
      <Table.Td>
        <Text size="sm">{draw.gameCode}</Text>
        <Text size="xs" c="dimmed">
          {draw.drawNo} · {t(`lottery.source.${draw.source}`)}
        </Text>
      </Table.Td>
      <Table.Td>{formatDateTime(draw.drawAtMs)}</Table.Td>
      <Table.Td ta="right">
        {draw.betCount} · {formatAmount(draw.stakeTotal)}
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        <ResultView draw={draw} />
      </Table.Td>
      <Table.Td>
        <ActionButtons draw={draw} actions={actions} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}

function DrawTable({
  draws,
  onOpen,
}: {
  draws: AdminLotteryDraw[];
  onOpen: (opened: Opened) => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const operatorId = useConsoleSession().data?.operator.id;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lottery.game')}</Table.Th>
            <Table.Th>{t('lottery.drawAt')}</Table.Th>
            <Table.Th ta="right">{t('lottery.bets')}</Table.Th>
            <Table.Th>{t('lottery.statusLabel')}</Table.Th>
            <Table.Th>{t('lottery.result')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draws.map((draw) => (
            <DrawRow
              key={draw.drawId}
              draw={draw}
              actions={drawActionsFor(draw, can)}
              operatorId={operatorId}
              onOpen={onOpen}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
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
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<Opened>(null);
  const list = useLotteryDraws(view === 'all' ? null : view, pageNo);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('lottery.title')}</Title>
        <SegmentedControl
          value={view}
          onChange={(value) => {
            setView(value as View);
            setPageNo(1);
          }}
          data={views.map((value) => ({ value, label: t(`lottery.views.${value}`) }))}
          data-testid="lottery-views"
        />
      </Group>
      {list.error && <Alert color="red">{errorText(t, list.error)}</Alert>}
      {list.data && list.data.list.length === 0 && (
        <Text c="dimmed" data-testid="draws-empty">
          {t('lottery.empty')}
        </Text>
      )}
      {list.data && list.data.list.length > 0 && (
        <DrawTable draws={list.data.list} onOpen={setOpened} />
      )}
      {list.data && list.data.totalPages > 1 && (
        <Pagination total={list.data.totalPages} value={pageNo} onChange={setPageNo} />
      )}
      <OpenedModal opened={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
