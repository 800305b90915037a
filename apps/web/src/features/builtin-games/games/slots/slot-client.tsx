import { formatAmount } from '@app/contract/client';
import type { SlotLineWin, SlotSpinOutcome } from '@app/game-math/slots/types';
import { Alert, Button, Checkbox, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/error-text';
import type { GameClientProps } from '../../game-client-types';
import { slotEntryOf } from './slot-data';
import { type ReelsHighlight, SlotReels } from './slot-reels';
import {
  amountOfPay,
  betStepsWithin,
  outcomeOf,
  paramsOf,
  resultKindOf,
  type SlotParams,
  type SlotResultKind,
  spinsOf,
} from './slot-round';
import { useSlotTexts } from './slot-texts';
import classes from './slots.module.css';

/** Reel run and the pause between reels stopping, normal and turbo (ms). */
const SPIN_MS = 900;
const REEL_STAGGER_MS = 180;
const TURBO_SPIN_MS = 300;
const TURBO_REEL_STAGGER_MS = 60;
/** How long each winning line stays lit when wins are shown in turn. */
const WIN_LINE_MS = 900;
const TURBO_WIN_LINE_MS = 350;
/** The "free spins won" moment before free spins start. */
const FREE_SPINS_INTRO_MS = 1_500;
/** Pause between autoplay rounds. */
const AUTOPLAY_PAUSE_MS = 400;
export const AUTOPLAY_COUNTS = [10, 25, 50, 100] as const;

interface Shown {
  spin: SlotSpinOutcome;
  free: boolean;
  spinId: number;
  animate: boolean;
}

interface Banner {
  kind: SlotResultKind | 'info';
  text: string;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Jade Dragon and Neon Fruits (one client, themed by data). The server decides each round (paid
 * spin and free spins); this shows it: reels run onto the stops, wins light up line by line,
 * free spins play out with their counter and total, and the balance catches up at the end.
 */
export default function SlotClient(props: GameClientProps) {
  useSlotTexts();
  const { t } = useTranslation('builtin-slots');
  const { gameCode, limits, settings, sound } = props;
  const { game, nameKey, theme } = slotEntryOf(gameCode);
  const reducedMotion = useReducedMotion() ?? false;
  const allLines = game.lines.length;

  const [lines, setLines] = useState(allLines);
  const betSteps = useMemo(() => betStepsWithin(lines, limits), [lines, limits]);
  const [betPerLine, setBetPerLine] = useState<number | null>(() => betSteps[0] ?? null);
  useEffect(() => {
    if (betPerLine === null || !betSteps.includes(betPerLine)) setBetPerLine(betSteps[0] ?? null);
  }, [betSteps, betPerLine]);

  const [turbo, setTurbo] = useState(false);
  const turboOn = settings.turboAllowed && turbo;
  const [autoplayCount, setAutoplayCount] = useState<number>(AUTOPLAY_COUNTS[0]);
  const [stopOnFeature, setStopOnFeature] = useState(true);
  const [autoplayLeft, setAutoplayLeft] = useState(0);

  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>(() => ({
    spin: {
      stops: game.reels.map(() => 0),
      grid: [],
      lineWins: [],
      scatterCount: 0,
      scatterPay: 0,
      freeSpinsAwarded: 0,
      multiplier: 1,
      pay: 0,
    },
    free: false,
    spinId: 0,
    animate: false,
  }));
  const [highlight, setHighlight] = useState<ReelsHighlight | null>(null);
  const [highlightScatter, setHighlightScatter] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [freeCounter, setFreeCounter] = useState<{
    current: number;
    total: number;
    won: number;
  } | null>(null);
  const [lastBetPerLine, setLastBetPerLine] = useState(0);

  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  /** Bumped by each new presentation, so an older one stops lighting lines. */
  const presentation = useRef(0);

  const animate = !reducedMotion;
  const spinMs = turboOn ? TURBO_SPIN_MS : SPIN_MS;
  const staggerMs = turboOn ? TURBO_REEL_STAGGER_MS : REEL_STAGGER_MS;
  const winLineMs = turboOn ? TURBO_WIN_LINE_MS : WIN_LINE_MS;
  const symbolTitle = useCallback((id: string) => t(`slots.symbol.${id}`), [t]);
  const scatterId = game.symbols.find((symbol) => symbol.kind === 'scatter')?.id ?? '';
  const money = (pay: number, bet: number) => formatAmount(amountOfPay(pay, bet));

  const lineText = (win: SlotLineWin, bet: number) =>
    t('slots.line_win', {
      line: win.line,
      count: win.count,
      symbol: symbolTitle(win.symbol),
      amount: money(win.pay, bet),
    });

  /** Lights each win of a spin in turn, once (or until a newer presentation starts). */
  async function showWins(spin: SlotSpinOutcome, bet: number, id: number) {
    if (spin.scatterPay > 0 || spin.freeSpinsAwarded > 0) {
      setHighlight(null);
      setHighlightScatter(true);
      if (spin.scatterPay > 0)
        setDetail(
          t('slots.scatter_win', {
            count: spin.scatterCount,
            symbol: symbolTitle(scatterId),
            amount: money(spin.scatterPay, bet),
          }),
        );
      await wait(winLineMs);
      setHighlightScatter(false);
    }
    for (const win of spin.lineWins) {
      if (!alive.current || presentation.current !== id) return;
      setHighlight({ rows: game.lines[win.line - 1] ?? [], count: win.count });
      setDetail(lineText(win, bet));
      await wait(winLineMs);
    }
  }

  async function runSpin(spin: SlotSpinOutcome, free: boolean) {
    setHighlight(null);
    setHighlightScatter(false);
    setDetail(null);
    sound.play('spin');
    setShown((now) => ({ spin, free, spinId: now.spinId + 1, animate }));
    if (animate) await wait(spinMs + staggerMs * (game.reels.length - 1) + 50);
  }

  function finalBanner(stake: number, payout: number): Banner | null {
    const kind = resultKindOf(stake, payout);
    const amount = formatAmount(payout);
    if (kind === 'none') return { kind, text: t('slots.no_win') };
    if (kind === 'returned') return { kind, text: t('slots.returned', { amount }) };
    return { kind, text: t(kind === 'bigWin' ? 'slots.big_win' : 'slots.win', { amount }) };
  }

  /** Plays one round through and shows it; answers whether free spins were won. */
  async function playRound(params: SlotParams): Promise<boolean> {
    const id = ++presentation.current;
    setError(null);
    setBanner(null);
    setFreeCounter(null);
    const round = await props.play(params);
    if (!alive.current) return false;
    const outcome = outcomeOf(round);
    const bet = paramsOf(round, allLines).betPerLine;
    setLastBetPerLine(bet);
    await runSpin(outcome.base, false);
    await showWins(outcome.base, bet, id);
    if (outcome.freeSpins.length > 0) {
      let total = outcome.base.freeSpinsAwarded;
      let won = 0;
      setBanner({ kind: 'info', text: t('slots.free_spins_won', { count: total }) });
      await wait(animate ? FREE_SPINS_INTRO_MS : 0);
      for (const [index, spin] of outcome.freeSpins.entries()) {
        if (!alive.current) return true;
        setFreeCounter({ current: index + 1, total, won });
        await runSpin(spin, true);
        won += spin.pay;
        total += spin.freeSpinsAwarded;
        setFreeCounter({ current: index + 1, total, won });
        if (spin.freeSpinsAwarded > 0)
          setBanner({
            kind: 'info',
            text: t('slots.free_spins_retrigger', { count: spin.freeSpinsAwarded }),
          });
        await showWins(spin, bet, id);
      }
    }
    const end = finalBanner(round.stake, round.payout);
    setBanner(end);
    if (end?.kind === 'bigWin') sound.play('bigWin');
    else if (end?.kind === 'win') sound.play('win');
    props.showBalance();
    return outcome.freeSpins.length > 0;
  }

  const canSpin = !busy && betPerLine !== null;

  async function spin(autoplay = false) {
    if (betPerLine === null) return;
    setBusy(true);
    try {
      const feature = await playRound({ lines, betPerLine });
      if (autoplay) {
        setAutoplayLeft((left) => (feature && stopOnFeature ? 0 : Math.max(0, left - 1)));
      }
    } catch (failure) {
      setAutoplayLeft(0);
      if (alive.current) setError(errorText(t, failure));
    } finally {
      if (alive.current) setBusy(false);
    }
  }

  // Autoplay: the next round starts when the last one has been shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: driven by busy and the count left.
  useEffect(() => {
    if (!settings.autoplayAllowed || busy || autoplayLeft <= 0) return;
    const timer = window.setTimeout(() => void spin(true), AUTOPLAY_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [busy, autoplayLeft, settings.autoplayAllowed]);

  // Space spins (not while typing in a field or on a button, which Space already presses).
  const spinRef = useRef(spin);
  spinRef.current = spin;
  const canSpinRef = useRef(canSpin);
  canSpinRef.current = canSpin;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, button, [role="combobox"], [contenteditable]'))
        return;
      event.preventDefault();
      if (canSpinRef.current) void spinRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A round settled while the player was away is shown first, as it ended (no animation).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the round given at start.
  useEffect(() => {
    const round = props.resumeRound;
    if (!round || round.gameCode !== gameCode) return;
    const outcome = outcomeOf(round);
    const spins = spinsOf(outcome);
    const last = spins[spins.length - 1] ?? outcome.base;
    setLastBetPerLine(paramsOf(round, allLines).betPerLine);
    setShown((now) => ({
      spin: last,
      free: outcome.freeSpins.length > 0,
      spinId: now.spinId + 1,
      animate: false,
    }));
    setBanner(finalBanner(round.stake, round.payout));
    setDetail(t('slots.last_round'));
    props.showBalance();
  }, []);

  const style = {
    '--slot-cabinet': theme.cabinet,
    '--slot-window': theme.window,
    '--slot-accent': theme.accent,
    '--slot-ink': theme.ink,
    '--slot-glow': theme.glow,
  } as CSSProperties;

  const stake = betPerLine === null ? 0 : amountOfPay(lines, betPerLine);
  const celebrate = banner?.kind === 'win' || banner?.kind === 'bigWin';

  return (
    <div className={classes.machine} style={style} data-game={gameCode}>
      <div className={classes.title}>{t(nameKey)}</div>
      <SlotReels
        game={game}
        stops={shown.spin.stops}
        free={shown.free}
        spinId={shown.spinId}
        animate={shown.animate}
        durationMs={spinMs}
        staggerMs={staggerMs}
        highlight={highlight}
        highlightScatter={highlightScatter}
        symbolTitle={symbolTitle}
        onReelStop={() => sound.play('reelStop')}
      />
      <div className={classes.banner} aria-live="polite" data-testid="slot-result">
        {freeCounter && (
          <Text size="sm" data-testid="slot-free-spins">
            {t('slots.free_spin_counter', {
              current: freeCounter.current,
              total: freeCounter.total,
            })}
            {' · '}
            {t('slots.free_spins_total', { amount: money(freeCounter.won, lastBetPerLine) })}
          </Text>
        )}
        {banner && (
          <div
            className={[
              celebrate ? classes.celebrate : '',
              banner.kind === 'bigWin' ? classes.bigWin : '',
            ]
              .filter(Boolean)
              .join(' ')}
            data-kind={banner.kind}
          >
            {banner.text}
          </div>
        )}
        {detail && <Text size="sm">{detail}</Text>}
      </div>
      {error && (
        <Alert color="red" w="100%" role="alert">
          {error}
        </Alert>
      )}
      <div className={classes.controls}>
        <Select
          label={t('slots.lines')}
          w={90}
          data={Array.from({ length: allLines }, (_, i) => String(allLines - i))}
          value={String(lines)}
          onChange={(value) => value && setLines(Number(value))}
          disabled={busy || autoplayLeft > 0}
          allowDeselect={false}
        />
        <Select
          label={t('slots.bet_per_line')}
          w={120}
          data={betSteps.map((step) => ({ value: String(step), label: formatAmount(step) }))}
          value={betPerLine === null ? null : String(betPerLine)}
          onChange={(value) => value && setBetPerLine(Number(value))}
          disabled={busy || autoplayLeft > 0}
          allowDeselect={false}
        />
        <Stack gap={0} align="center">
          <Text size="xs">{t('slots.total_bet')}</Text>
          <Text fw={700} data-testid="slot-total-bet">
            {formatAmount(stake)} {props.currency}
          </Text>
        </Stack>
        <Button
          size="lg"
          onClick={() => void spin()}
          disabled={!canSpin || autoplayLeft > 0}
          loading={busy}
          title={t('slots.space_hint')}
        >
          {busy ? t('slots.spinning') : t('slots.spin')}
        </Button>
      </div>
      {betPerLine === null && <Text size="sm">{t('slots.no_bet_within_limits', { lines })}</Text>}
      {(settings.autoplayAllowed || settings.turboAllowed) && (
        <Group gap="md" justify="center">
          {settings.turboAllowed && (
            <Switch
              label={t('slots.turbo')}
              checked={turbo}
              onChange={(event) => setTurbo(event.currentTarget.checked)}
            />
          )}
          {settings.autoplayAllowed &&
            (autoplayLeft > 0 ? (
              <Button variant="light" onClick={() => setAutoplayLeft(0)}>
                {t('slots.autoplay_stop', { left: autoplayLeft })}
              </Button>
            ) : (
              <Group gap="xs" align="flex-end">
                <Select
                  label={t('slots.autoplay_count')}
                  w={90}
                  data={AUTOPLAY_COUNTS.map(String)}
                  value={String(autoplayCount)}
                  onChange={(value) => value && setAutoplayCount(Number(value))}
                  allowDeselect={false}
                />
                <Checkbox
                  label={t('slots.autoplay_stop_on_feature')}
                  checked={stopOnFeature}
                  onChange={(event) => setStopOnFeature(event.currentTarget.checked)}
                />
                <Button
                  variant="light"
                  disabled={!canSpin}
                  onClick={() => setAutoplayLeft(autoplayCount)}
                >
                  {t('slots.autoplay_start')}
                </Button>
              </Group>
            ))}
        </Group>
      )}
    </div>
  );
}
