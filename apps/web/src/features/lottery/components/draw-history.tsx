import type { LotteryDraw, LotteryFormat } from '@app/contract/client';
import { Accordion, Badge, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawHistory } from '../api/lottery-api';
import { headlineOf } from '../model/result-layouts';
import { DrawFairness } from './draw-fairness';
import { ResultView } from './results/result-view';

const timeFormat: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/** Past draws, newest first and paged: the headline number, opening to the full result. */
export default function DrawHistory({
  gameCode,
  format,
}: {
  gameCode: string;
  format: LotteryFormat;
}) {
  const { t, i18n } = useTranslation('lottery');
  const [pageNo, setPageNo] = useState(1);
  const history = useDrawHistory(gameCode, pageNo);
  if (history.isPending) {
    return (
      <Center p="md">
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (history.isError) return <Text c="red">{t('load_failed')}</Text>;
  const { list, totalPages } = history.data;
  if (list.length === 0) return <Text c="dimmed">{t('history_empty')}</Text>;
  return (
    <Stack gap="sm" data-testid="draw-history">
      <Accordion variant="separated">
        {list.map((draw: LotteryDraw) => (
          <Accordion.Item key={draw.drawId} value={String(draw.drawId)}>
            <Accordion.Control>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600}>{t('draw_no', { drawNo: draw.drawNo })}</Text>
                {draw.status === 'void' ? (
                  <Badge color="gray">{t('status_void')}</Badge>
                ) : (
                  <Text ff="monospace" fw={700}>
                    {draw.result ? headlineOf(format, draw.result) : '…'}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {new Date(draw.drawnAtMs ?? draw.drawAtMs).toLocaleString(
                    i18n.language,
                    timeFormat,
                  )}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {draw.result && <ResultView format={format} result={draw.result} withHeads />}
                <DrawFairness draw={draw} format={format} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
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
