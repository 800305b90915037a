import type { FreeSpinGrant } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { type CSSProperties, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameClientProps } from '../../game-client-types';
import { AUTOPLAY_COUNTS, SlotAutoplayRow, SlotBetRow } from './slot-controls';
import { slotEntryOf } from './slot-data';
import { SlotFreeSpins } from './slot-free-spins';
import { SlotReels } from './slot-reels';
import { SlotResultBanner } from './slot-result-banner';
import { amountOfPay, betStepsWithin, firstBetStep } from './slot-round';
import { useSlotTexts } from './slot-texts';
import classes from './slots.module.css';
import { useSlotPresentation } from './use-slot-presentation';
import { useSpaceToSpin } from './use-space-to-spin';

export { AUTOPLAY_COUNTS } from './slot-controls';

/** Pause between autoplay rounds. */
const AUTOPLAY_PAUSE_MS = 400;

/**
 * Jade Dragon and Neon Fruits (one client, themed by data). The server decides each round (paid
 * spin and free spins); `useSlotPresentation` shows it. This holds the player's choices (lines,
 * bet, turbo, autoplay) and starts rounds.
 */
export default function SlotClient(props: GameClientProps) {
  useSlotTexts();
  const { t } = useTranslation('builtin-slots');
  const { gameCode, limits, settings, sound } = props;
  const { game, nameKey, theme } = slotEntryOf(gameCode);
  const allLines = game.lines.length;

  const [lines, setLines] = useState(allLines);
  const betSteps = useMemo(() => betStepsWithin(lines, limits), [lines, limits]);
  const [betPerLine, setBetPerLine] = useState<number | null>(() =>
    firstBetStep(lines, betSteps, limits.defaultStake),
  );
  useEffect(() => {
    if (betPerLine === null || !betSteps.includes(betPerLine))
      setBetPerLine(firstBetStep(lines, betSteps, limits.defaultStake));
  }, [betSteps, betPerLine, lines, limits.defaultStake]);

  const [turbo, setTurbo] = useState(false);
  const [autoplayCount, setAutoplayCount] = useState<number>(AUTOPLAY_COUNTS[0]);
  const [stopOnFeature, setStopOnFeature] = useState(true);
  const [autoplayLeft, setAutoplayLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Free spins granted to the member on this slot: read on opening, so a reload keeps them.
  const [freeGrant, setFreeGrant] = useState<FreeSpinGrant | null>(null);
  const { freeSpins } = props;
  const refreshFreeSpins = useCallback(async () => {
    if (!freeSpins) return;
    try {
      const [first] = await freeSpins.list();
      setFreeGrant(first ?? null);
    } catch {
      // Free spins are an extra: the paid game plays on without them.
      setFreeGrant(null);
    }
  }, [freeSpins]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening the game.
  useEffect(() => {
    void refreshFreeSpins();
  }, []);

  const view = useSlotPresentation({
    props,
    game,
    turbo: settings.turboAllowed && turbo,
    reducedMotion: useReducedMotion() ?? false,
  });
  const canSpin = !busy && betPerLine !== null;

  async function spin(autoplay = false) {
    if (betPerLine === null) return;
    setBusy(true);
    setError(null);
    try {
      const feature = await view.playRound({ lines, betPerLine });
      if (autoplay) {
        setAutoplayLeft((left) => (feature && stopOnFeature ? 0 : Math.max(0, left - 1)));
      }
    } catch (failure) {
      setAutoplayLeft(0);
      if (view.alive.current) setError(errorText(t, failure));
    } finally {
      if (view.alive.current) setBusy(false);
    }
  }

  async function spinFree() {
    const grant = freeGrant;
    if (!grant || !freeSpins) return;
    setBusy(true);
    setError(null);
    try {
      await view.playRound({ lines: allLines, betPerLine: grant.betPerLine }, async () => {
        const answer = await freeSpins.play(grant.grantId);
        setFreeGrant(answer.grant.spinsLeft > 0 ? answer.grant : null);
        return answer.round;
      });
    } catch (failure) {
      if (view.alive.current) setError(errorText(t, failure));
      void refreshFreeSpins();
    } finally {
      if (view.alive.current) setBusy(false);
    }
    if (view.alive.current && freeGrant && freeGrant.spinsLeft <= 1) void refreshFreeSpins();
  }

  // Autoplay: the next round starts when the last one has been shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: driven by busy and the count left.
  useEffect(() => {
    if (!settings.autoplayAllowed || busy || autoplayLeft <= 0) return;
    const timer = window.setTimeout(() => void spin(true), AUTOPLAY_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [busy, autoplayLeft, settings.autoplayAllowed]);

  useSpaceToSpin(() => void spin(), canSpin);

  const style = {
    '--slot-cabinet': theme.cabinet,
    '--slot-window': theme.window,
    '--slot-accent': theme.accent,
    '--slot-ink': theme.ink,
    '--slot-glow': theme.glow,
  } as CSSProperties;

  return (
    <div className={classes.machine} style={style} data-game={gameCode}>
      <div className={classes.title}>{t(nameKey)}</div>
      <SlotReels
        game={game}
        stops={view.shown.spin.stops}
        free={view.shown.free}
        spinId={view.shown.spinId}
        animate={view.shown.animate}
        durationMs={view.spinMs}
        staggerMs={view.staggerMs}
        highlight={view.highlight}
        highlightScatter={view.highlightScatter}
        symbolTitle={view.symbolTitle}
        onReelStop={() => sound.play('reelStop')}
      />
      <SlotResultBanner
        banner={view.banner}
        detail={view.detail}
        freeCounter={view.freeCounter}
        freeWonText={view.freeWonText}
      />
      {freeGrant && (
        <SlotFreeSpins
          grant={freeGrant}
          currency={props.currency}
          busy={busy}
          play={() => void spinFree()}
        />
      )}
      {error && (
        <Alert color="red" w="100%" role="alert">
          {error}
        </Alert>
      )}
      <SlotBetRow
        allLines={allLines}
        lines={lines}
        setLines={setLines}
        betSteps={betSteps}
        betPerLine={betPerLine}
        setBetPerLine={setBetPerLine}
        stake={betPerLine === null ? 0 : amountOfPay(lines, betPerLine)}
        currency={props.currency}
        busy={busy}
        canSpin={canSpin}
        autoplayLeft={autoplayLeft}
        spin={() => void spin()}
      />
      <SlotAutoplayRow
        turboAllowed={settings.turboAllowed}
        autoplayAllowed={settings.autoplayAllowed}
        turbo={turbo}
        setTurbo={setTurbo}
        autoplayLeft={autoplayLeft}
        setAutoplayLeft={setAutoplayLeft}
        autoplayCount={autoplayCount}
        setAutoplayCount={setAutoplayCount}
        stopOnFeature={stopOnFeature}
        setStopOnFeature={setStopOnFeature}
        canSpin={canSpin}
      />
    </div>
  );
}
