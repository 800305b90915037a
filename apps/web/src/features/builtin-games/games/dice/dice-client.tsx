import type { BuiltinRound } from '@app/contract/client';
import {
  DICE_OUTCOMES,
  type DiceDirection,
  type DiceOutcome,
  diceMultiplierScaled,
  diceTargetRange,
  diceWinOutcomes,
  isDiceBetAllowed,
} from '@app/game-math/dice/dice';
import { multiplierOf } from '@app/game-math/inhouse-multiplier';
import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameClientProps } from '../../game-client-types';
import { AutoplayButton } from '../inhouse/autoplay-button';
import { formatChance, formatMoney, formatMultiplier, payoutOf } from '../inhouse/inhouse-format';
import { INHOUSE_NAMESPACE, useInhouseTexts } from '../inhouse/inhouse-texts';
import { isCelebrated, RoundResult } from '../inhouse/round-result';
import { initialStake, StakeField } from '../inhouse/stake-field';
import { useAutoplay } from '../inhouse/use-autoplay';
import { pause, useRoundCall } from '../inhouse/use-round-play';
import { DICE_ANIMATION_MS, DiceTrack } from './dice-track';

const DEFAULT_TARGET = 50;
const hundredthsOf = (target: number) => Math.round(target * 100);

function clampTarget(target: number, direction: DiceDirection): number {
  const { min, max } = diceTargetRange(direction);
  return Math.min(max, Math.max(min, hundredthsOf(target))) / 100;
}

/** Dice: choose a target and a side, see chance, multiplier and payout, roll (docs/games-inhouse.md). */
export default function DiceClient(props: GameClientProps) {
  useInhouseTexts();
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const { currency, limits, settings, sound } = props;
  const [stake, setStake] = useState(() => initialStake(limits));
  const [target, setTarget] = useState(DEFAULT_TARGET);
  const [direction, setDirection] = useState<DiceDirection>('over');
  const [round, setRound] = useState<BuiltinRound | null>(props.resumeRound);
  const [shown, setShown] = useState(props.resumeRound !== null);
  const { busy, error, call } = useRoundCall();

  const bet = { targetHundredths: hundredthsOf(target), direction };
  const allowed = isDiceBetAllowed(bet);
  const multiplier = allowed ? multiplierOf(diceMultiplierScaled(bet)) : 0;
  const chance = allowed ? diceWinOutcomes(bet) / DICE_OUTCOMES : 0;
  const outcome = round?.detail.outcome as DiceOutcome | undefined;
  const range = diceTargetRange(direction);

  async function rollOnce(): Promise<boolean> {
    sound.play('click');
    setShown(false);
    const next = await call(() => props.play({ stake, target, direction }));
    if (!next) return false;
    setRound(next);
    await pause(DICE_ANIMATION_MS);
    setShown(true);
    sound.play(isCelebrated(next) ? 'win' : 'lose');
    props.showBalance();
    return true;
  }
  const autoplay = useAutoplay(rollOnce);
  const locked = busy || autoplay.running;

  return (
    <Stack gap="md" p="md" maw={640} mx="auto" data-testid="dice-client">
      <DiceTrack
        target={target}
        direction={direction}
        roll={outcome ? outcome.rollHundredths / 100 : null}
        won={outcome ? outcome.won : null}
      />
      <Slider
        label={null}
        aria-label={t('dice.target_slider')}
        min={range.min / 100}
        max={range.max / 100}
        step={0.01}
        // The filled side of the bar is the winning side.
        inverted={direction === 'over'}
        value={target}
        onChange={(value) => setTarget(clampTarget(value, direction))}
        disabled={locked}
        thumbProps={{ 'aria-label': t('dice.target_slider') }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label={t('dice.target')}
          value={target}
          min={range.min / 100}
          max={range.max / 100}
          step={1}
          decimalScale={2}
          clampBehavior="blur"
          disabled={locked}
          onChange={(value) => typeof value === 'number' && setTarget(value)}
          onBlur={() => setTarget(clampTarget(target, direction))}
          data-testid="dice-target"
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="dice-direction-label">
            {t('dice.direction')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="dice-direction-label"
            value={direction}
            disabled={locked}
            onChange={(value) => {
              const next = value as DiceDirection;
              setDirection(next);
              setTarget(clampTarget(target, next));
            }}
            data={[
              { value: 'over', label: t('dice.roll_over') },
              { value: 'under', label: t('dice.roll_under') },
            ]}
          />
        </div>
      </SimpleGrid>
      <SimpleGrid cols={3}>
        <Figure label={t('win_chance')} value={formatChance(chance)} testId="dice-chance" />
        <Figure
          label={t('multiplier')}
          value={formatMultiplier(multiplier)}
          testId="dice-multiplier"
        />
        <Figure
          label={t('payout_on_win')}
          value={formatMoney(Math.min(payoutOf(stake, multiplier), limits.maxPayout), currency)}
          testId="dice-payout"
        />
      </SimpleGrid>
      <StakeField
        value={stake}
        onChange={setStake}
        limits={limits}
        currency={currency}
        disabled={locked}
      />
      <Group grow>
        <Button
          size="lg"
          onClick={() => void rollOnce()}
          loading={busy && !autoplay.running}
          disabled={locked || !allowed}
        >
          {t('dice.roll')}
        </Button>
        {settings.autoplayAllowed ? (
          <AutoplayButton autoplay={autoplay} disabled={locked || !allowed} />
        ) : null}
      </Group>
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {round && shown && outcome ? (
        <Stack gap={4}>
          <Text ta="center" size="lg" fw={700} data-testid="dice-roll">
            {t('dice.rolled', { roll: (outcome.rollHundredths / 100).toFixed(2) })}
          </Text>
          <RoundResult round={round} currency={currency} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
