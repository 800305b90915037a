import type { BuiltinGameCode } from '@app/contract/client';
import { SLOT_ROWS } from '@app/game-math/slots/types';
import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { slotEntryOf } from './slot-data';
import { SlotSymbol } from './slot-symbol';
import { useSlotTexts } from './slot-texts';

const SYMBOL_SIZE = 40;
const LINE_CELL = 10;

/** One payline as a tiny 5x3 grid with its cells filled. */
function LineDiagram({ rows, label }: { rows: readonly number[]; label: string }) {
  return (
    <Stack gap={2} align="center">
      <svg
        viewBox={`0 0 ${rows.length * LINE_CELL} ${SLOT_ROWS * LINE_CELL}`}
        width={rows.length * LINE_CELL * 3}
        height={SLOT_ROWS * LINE_CELL * 3}
        role="img"
        aria-label={label}
      >
        {rows.map((lineRow, reel) =>
          Array.from({ length: SLOT_ROWS }, (_, row) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed grid positions.
              key={`${reel}-${row}`}
              x={reel * LINE_CELL + 0.5}
              y={row * LINE_CELL + 0.5}
              width={LINE_CELL - 1}
              height={LINE_CELL - 1}
              fill={
                row === lineRow
                  ? 'var(--mantine-primary-color-filled)'
                  : 'var(--mantine-color-default-border)'
              }
            />
          )),
        )}
      </svg>
      <Text size="xs">{label}</Text>
    </Stack>
  );
}

/**
 * Rules, paytable, paylines and RTP of a slot, all read from the game's data (the same data the
 * server plays), so the page can never disagree with the maths.
 */
export default function SlotRules({ gameCode }: { gameCode: BuiltinGameCode }) {
  useSlotTexts();
  const { t } = useTranslation('builtin-slots');
  const { game, nameKey } = slotEntryOf(gameCode);
  const name = (id: string) => t(`slots.symbol.${id}`);
  const wild = game.symbols.find((symbol) => symbol.kind === 'wild');
  const scatter = game.symbols.find((symbol) => symbol.kind === 'scatter');
  const paying = game.symbols.filter(
    (symbol) => symbol.kind !== 'scatter' && symbol.pays.some((pay) => pay > 0),
  );
  const counts = [5, 4, 3, 2].filter((count) =>
    paying.some((symbol) => (symbol.pays[count] ?? 0) > 0),
  );
  const wildReels = wild
    ? game.reels.flatMap((strip, reel) => (strip.includes(wild.id) ? [reel + 1] : []))
    : [];
  const awards = Object.entries(game.freeSpins.awardByScatterCount).sort(
    ([a], [b]) => Number(a) - Number(b),
  );
  const firstAward = awards[0]?.[0] ?? '3';
  const rtp = (game.declaredRtp * 100).toFixed(2);

  return (
    <Stack gap="md" data-testid="slot-rules">
      <Title order={3}>{t(nameKey)}</Title>
      <Text fw={700}>{t('slots.rules_rtp', { rtp })}</Text>
      <Text size="sm">{t('slots.rules_lines_intro', { count: game.lines.length })}</Text>
      {wild && scatter && (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <div style={{ width: SYMBOL_SIZE, height: SYMBOL_SIZE, flex: 'none' }}>
              <SlotSymbol id={wild.id} title={name(wild.id)} />
            </div>
            <Text size="sm">
              {t('slots.rules_wild', { symbol: name(wild.id), scatter: name(scatter.id) })}{' '}
              {wildReels.length < game.reels.length &&
                t('slots.rules_wild_reels', {
                  symbol: name(wild.id),
                  reels: wildReels.join(', '),
                })}{' '}
              {wild.pays.some((pay) => pay > 0) &&
                t('slots.rules_wild_pays', { symbol: name(wild.id) })}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <div style={{ width: SYMBOL_SIZE, height: SYMBOL_SIZE, flex: 'none' }}>
              <SlotSymbol id={scatter.id} title={name(scatter.id)} />
            </div>
            <Text size="sm">
              {t('slots.rules_scatter', { symbol: name(scatter.id) })}{' '}
              {t('slots.rules_free_spins', {
                count: firstAward,
                symbol: name(scatter.id),
                awards: awards
                  .map(([count, spins]) => t('slots.rules_award', { count, spins }))
                  .join(', '),
                cap: game.freeSpins.maxFreeSpinsPerRound,
              })}{' '}
              {game.freeSpins.multiplier > 1 &&
                t('slots.rules_free_spins_multiplier', {
                  multiplier: game.freeSpins.multiplier,
                })}{' '}
              {game.freeSpinReels && t('slots.rules_free_spins_reels')}
            </Text>
          </Group>
        </Stack>
      )}
      <Title order={4}>{t('slots.rules_paytable')}</Title>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('slots.rules_symbol')}</Table.Th>
            {counts.map((count) => (
              <Table.Th key={count}>{t('slots.rules_count_pays', { count })}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paying.map((symbol) => (
            <Table.Tr key={symbol.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <div style={{ width: SYMBOL_SIZE, height: SYMBOL_SIZE, flex: 'none' }}>
                    <SlotSymbol id={symbol.id} title={name(symbol.id)} />
                  </div>
                  <Text size="sm">{name(symbol.id)}</Text>
                </Group>
              </Table.Td>
              {counts.map((count) => (
                <Table.Td key={count}>
                  {(symbol.pays[count] ?? 0) > 0 ? `× ${symbol.pays[count]}` : '-'}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {scatter && (
            <Table.Tr>
              <Table.Td>
                <Text size="sm">
                  {name(scatter.id)} · {t('slots.rules_scatter_pays')}
                </Text>
              </Table.Td>
              {counts.map((count) => (
                <Table.Td key={count}>
                  {game.scatterPays[count] ? `× ${game.scatterPays[count]}` : '-'}
                </Table.Td>
              ))}
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Title order={4}>{t('slots.rules_lines')}</Title>
      <SimpleGrid cols={{ base: 4, sm: 5 }} spacing="xs">
        {game.lines.map((rows, index) => (
          <LineDiagram
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are numbered by position.
            key={index}
            rows={rows}
            label={t('slots.rules_line', { line: index + 1 })}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('slots.rules_malfunction')}
      </Text>
    </Stack>
  );
}
