import type { BuiltinRound } from '@app/contract/client';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_MULTIPLIER_SCALE,
  type PlinkoOutcome,
  type PlinkoRisk,
  plinkoRisks,
  plinkoTable,
} from '@app/game-math/plinko/plinko';
import { Button, Group, SegmentedControl, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameClientProps } from '../../game-client-types';
import { AutoplayButton } from '../inhouse/autoplay-button';
import { formatMultiplier } from '../inhouse/inhouse-format';
import { INHOUSE_NAMESPACE, useInhouseTexts } from '../inhouse/inhouse-texts';
import { isCelebrated, RoundResult } from '../inhouse/round-result';
import { initialStake, StakeField } from '../inhouse/stake-field';
import { useAutoplay } from '../inhouse/use-autoplay';
import { pause, useRoundCall } from '../inhouse/use-round-play';
import { PLINKO_STEP_MS, PlinkoBoard } from './plinko-board';
import { ballStops } from './plinko-geometry';

const DEFAULT_ROWS = 12;
/** Slider marks at every other row count (a Select would cost a heavy popover chunk). */
const rowMarks = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => ({
  value: PLINKO_MIN_ROWS + i,
  label: String(PLINKO_MIN_ROWS + i),
}));

/** Plinko: rows and risk, the bucket multipliers, and the ball following the server's path. */
export default function PlinkoClient(props: GameClientProps) {
  useInhouseTexts();
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const { currency, limits, settings, sound } = props;
  const resumedParams = props.resumeRound?.detail.params as
    | { rows?: number; risk?: PlinkoRisk }
    | undefined;
  const [stake, setStake] = useState(() => initialStake(limits));
  const [rows, setRows] = useState(resumedParams?.rows ?? DEFAULT_ROWS);
  const [risk, setRisk] = useState<PlinkoRisk>(resumedParams?.risk ?? 'medium');
  const [round, setRound] = useState<BuiltinRound | null>(props.resumeRound);
  const [ball, setBall] = useState<{ x: number; y: number } | null>(null);
  const [landed, setLanded] = useState(props.resumeRound !== null);
  const { busy, error, call } = useRoundCall();
  const outcome = round?.detail.outcome as PlinkoOutcome | undefined;

  async function dropOnce(): Promise<boolean> {
    sound.play('drop');
    setLanded(false);
    const next = await call(() => props.play({ stake, rows, risk }));
    if (!next) return false;
    const nextOutcome = next.detail.outcome as PlinkoOutcome;
    setRound(next);
    for (const stop of ballStops(rows, nextOutcome.path)) {
      setBall(stop);
      await pause(PLINKO_STEP_MS);
      sound.play('bounce');
    }
    setLanded(true);
    sound.play(isCelebrated(next) ? 'win' : 'lose');
    props.showBalance();
    return true;
  }
  const autoplay = useAutoplay(dropOnce);
  const locked = busy || autoplay.running;
  const settledOnBoard = landed && outcome && outcome.path.length === rows;

  return (
    <Stack gap="md" p="md" maw={640} mx="auto" data-testid="plinko-client">
      <PlinkoBoard
        rows={rows}
        table={plinkoTable({ rows, risk })}
        ball={ball}
        landedBucket={settledOnBoard ? outcome.bucket : null}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <div>
          <Text size="sm" fw={500} mb={4} id="plinko-rows-label">
            {t('plinko.rows')}: {rows}
          </Text>
          <Slider
            min={PLINKO_MIN_ROWS}
            max={PLINKO_MAX_ROWS}
            step={1}
            marks={rowMarks}
            label={null}
            value={rows}
            disabled={locked}
            thumbProps={{ 'aria-labelledby': 'plinko-rows-label' }}
            onChange={(value) => {
              setRows(value);
              setBall(null);
            }}
            data-testid="plinko-rows"
            mb="lg"
          />
        </div>
        <div>
          <Text size="sm" fw={500} mb={4} id="plinko-risk-label">
            {t('plinko.risk')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="plinko-risk-label"
            value={risk}
            disabled={locked}
            onChange={(value) => setRisk(value as PlinkoRisk)}
            data={plinkoRisks.map((value) => ({ value, label: t(`plinko.risk_${value}`) }))}
          />
        </div>
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
          onClick={() => void dropOnce()}
          loading={busy && !autoplay.running}
          disabled={locked}
        >
          {t('plinko.drop')}
        </Button>
        {settings.autoplayAllowed ? <AutoplayButton autoplay={autoplay} disabled={locked} /> : null}
      </Group>
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {round && landed && outcome ? (
        <Stack gap={4}>
          <Text ta="center" fw={700} data-testid="plinko-landed">
            {t('plinko.landed', {
              n: outcome.bucket,
              multiplier: formatMultiplier(outcome.multiplierHundredths / PLINKO_MULTIPLIER_SCALE),
            })}
          </Text>
          <RoundResult round={round} currency={currency} />
        </Stack>
      ) : null}
    </Stack>
  );
}
