import type { BuiltinRound, MinesView } from '@app/contract';
import { multiplierOf } from '@app/game-math/inhouse-multiplier';
import { MINES_MAX_COUNT, MINES_MIN_COUNT } from '@app/game-math/mines/mines';
import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameClientProps } from '../../game-client-types';
import { formatMoney, formatMultiplier, payoutOf } from '../inhouse/inhouse-format';
import { INHOUSE_NAMESPACE, useInhouseTexts } from '../inhouse/inhouse-texts';
import { isCelebrated, RoundResult } from '../inhouse/round-result';
import { initialStake, StakeField } from '../inhouse/stake-field';
import { useRoundCall } from '../inhouse/use-round-play';
import { MinesBoard } from './mines-board';

const DEFAULT_MINES = 3;

const viewOf = (round: BuiltinRound | null) =>
  (round?.detail.view as MinesView | undefined) ?? null;

/**
 * Mines: choose the mines and the stake, start, reveal tiles, cash out (docs/games-inhouse.md).
 * The board comes from the server's view; the mines appear only when the round is over.
 */
export default function MinesClient(props: GameClientProps) {
  useInhouseTexts();
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const { currency, limits, sound } = props;
  const resumed = props.resumeRound;
  const [stake, setStake] = useState(() => resumed?.stake ?? initialStake(limits));
  const [mineCount, setMineCount] = useState(() => viewOf(resumed)?.mineCount ?? DEFAULT_MINES);
  const [round, setRound] = useState<BuiltinRound | null>(resumed);
  const { busy, error, call } = useRoundCall();

  const view = viewOf(round);
  const playing = round?.status === 'open' && view?.status === 'playing';
  const cashOutAmount = view
    ? Math.min(payoutOf(round?.stake ?? 0, multiplierOf(view.multiplierScaled)), limits.maxPayout)
    : 0;

  function finished(next: BuiltinRound) {
    const nextView = viewOf(next);
    if (nextView?.status === 'busted') sound.play('explode');
    else sound.play(isCelebrated(next) ? 'cashOut' : 'lose');
    props.showBalance();
  }

  async function start() {
    sound.play('click');
    const next = await call(() => props.play({ stake, mineCount }));
    if (next) {
      setRound(next);
      props.showBalance();
    }
  }

  async function act(action: { type: 'reveal'; tile: number } | { type: 'cashOut' }) {
    if (!round) return;
    const next = await call(() => props.act(round.roundId, action));
    if (!next) return;
    setRound(next);
    if (next.status !== 'open') finished(next);
    else if (action.type === 'reveal') sound.play('reveal');
  }

  return (
    <Stack gap="md" p="md" maw={640} mx="auto" data-testid="mines-client">
      {playing && view ? (
        <SimpleGrid cols={2}>
          <Stack gap={0} align="center">
            <Text size="xs" c="dimmed">
              {t('mines.current')}
            </Text>
            <Text fw={700} data-testid="mines-multiplier">
              {formatMultiplier(multiplierOf(view.multiplierScaled || 10_000))}
            </Text>
          </Stack>
          <Stack gap={0} align="center">
            <Text size="xs" c="dimmed">
              {t('mines.next')}
            </Text>
            <Text fw={700} data-testid="mines-next-multiplier">
              {view.nextMultiplierScaled === null
                ? '–'
                : formatMultiplier(multiplierOf(view.nextMultiplierScaled))}
            </Text>
          </Stack>
        </SimpleGrid>
      ) : null}
      <MinesBoard
        view={view}
        canReveal={playing && !busy}
        onReveal={(tile) => void act({ type: 'reveal', tile })}
      />
      {playing && view ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" ta="center">
            {t('mines.pick_tile')}
          </Text>
          <Button
            size="lg"
            color="teal"
            disabled={busy || view.revealed.length === 0}
            onClick={() => void act({ type: 'cashOut' })}
            data-testid="mines-cash-out"
          >
            {t('mines.cash_out', { amount: formatMoney(cashOutAmount, currency) })}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {round && round.status !== 'open' ? (
            <>
              {view?.status === 'busted' ? (
                <Text ta="center" fw={700} c="red">
                  {t('mines.hit')}
                </Text>
              ) : null}
              <RoundResult round={round} currency={currency} />
            </>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={t('mines.mine_count')}
              value={mineCount}
              min={MINES_MIN_COUNT}
              max={MINES_MAX_COUNT}
              step={1}
              allowDecimal={false}
              clampBehavior="strict"
              disabled={busy}
              onChange={(value) => typeof value === 'number' && setMineCount(value)}
              data-testid="mines-count"
            />
            <StakeField
              value={stake}
              onChange={setStake}
              limits={limits}
              currency={currency}
              disabled={busy}
            />
          </SimpleGrid>
          <Group grow>
            <Button size="lg" onClick={() => void start()} loading={busy} data-testid="mines-start">
              {t('mines.start')}
            </Button>
          </Group>
        </Stack>
      )}
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
