import { type BuiltinRound, formatAmount } from '@app/contract/client';
import type { SlotGame, SlotLineWin, SlotSpinOutcome } from '@app/game-math/slots/types';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameClientProps } from '../../game-client-types';
import type { ReelsHighlight } from './slot-reels';
import {
  amountOfPay,
  outcomeOf,
  paramsOf,
  resultKindOf,
  type SlotParams,
  type SlotResultKind,
  spinsOf,
} from './slot-round';

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
/** Margin after the last reel stops before the wins are shown. */
const REELS_SETTLE_MS = 50;

export interface ShownSpin {
  spin: SlotSpinOutcome;
  free: boolean;
  spinId: number;
  animate: boolean;
}

export interface SlotBanner {
  kind: SlotResultKind | 'info';
  text: string;
}

export interface SlotFreeCounter {
  current: number;
  total: number;
  won: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function restingSpin(game: SlotGame): ShownSpin {
  return {
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
  };
}

/**
 * How a slot shows the rounds the server decided: reels run onto the stops, wins light up line by
 * line, free spins play out with their counter and total, and the balance catches up at the end.
 * A round settled while the player was away is shown first, as it ended (no animation).
 */
export function useSlotPresentation(input: {
  props: GameClientProps;
  game: SlotGame;
  turbo: boolean;
  reducedMotion: boolean;
}) {
  const { props, game } = input;
  const { t } = useTranslation('builtin-slots');
  const allLines = game.lines.length;
  const [shown, setShown] = useState<ShownSpin>(() => restingSpin(game));
  const [highlight, setHighlight] = useState<ReelsHighlight | null>(null);
  const [highlightScatter, setHighlightScatter] = useState(false);
  const [banner, setBanner] = useState<SlotBanner | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [freeCounter, setFreeCounter] = useState<SlotFreeCounter | null>(null);
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

  const animate = !input.reducedMotion;
  const spinMs = input.turbo ? TURBO_SPIN_MS : SPIN_MS;
  const staggerMs = input.turbo ? TURBO_REEL_STAGGER_MS : REEL_STAGGER_MS;
  const winLineMs = input.turbo ? TURBO_WIN_LINE_MS : WIN_LINE_MS;
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
    props.sound.play('spin');
    setShown((now) => ({ spin, free, spinId: now.spinId + 1, animate }));
    if (animate) await wait(spinMs + staggerMs * (game.reels.length - 1) + REELS_SETTLE_MS);
  }

  function finalBanner(stake: number, payout: number): SlotBanner | null {
    const kind = resultKindOf(stake, payout);
    const amount = formatAmount(payout);
    if (kind === 'none') return { kind, text: t('slots.no_win') };
    if (kind === 'returned') return { kind, text: t('slots.returned', { amount }) };
    return { kind, text: t(kind === 'bigWin' ? 'slots.big_win' : 'slots.win', { amount }) };
  }

  /** The free spins of a round, each shown in turn with the counter and the total won. */
  async function playFreeSpins(
    freeSpins: SlotSpinOutcome[],
    awarded: number,
    bet: number,
    id: number,
  ) {
    let total = awarded;
    let won = 0;
    setBanner({ kind: 'info', text: t('slots.free_spins_won', { count: total }) });
    await wait(animate ? FREE_SPINS_INTRO_MS : 0);
    for (const [index, spin] of freeSpins.entries()) {
      if (!alive.current) return;
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

  /** Plays one round through and shows it; answers whether free spins were won. */
  async function playRound(
    params: SlotParams,
    play: (params: SlotParams) => Promise<BuiltinRound> = props.play,
  ): Promise<boolean> {
    const id = ++presentation.current;
    setBanner(null);
    setFreeCounter(null);
    const round = await play(params);
    if (!alive.current) return false;
    const outcome = outcomeOf(round);
    const bet = paramsOf(round, allLines).betPerLine;
    setLastBetPerLine(bet);
    await runSpin(outcome.base, false);
    await showWins(outcome.base, bet, id);
    if (outcome.freeSpins.length > 0) {
      await playFreeSpins(outcome.freeSpins, outcome.base.freeSpinsAwarded, bet, id);
      if (!alive.current) return true;
    }
    const end = finalBanner(round.stake, round.payout);
    setBanner(end);
    if (end?.kind === 'bigWin') props.sound.play('bigWin');
    else if (end?.kind === 'win') props.sound.play('win');
    props.showBalance();
    return outcome.freeSpins.length > 0;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the round given at start.
  useEffect(() => {
    const round = props.resumeRound;
    if (!round || round.gameCode !== props.gameCode) return;
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

  return {
    shown,
    highlight,
    highlightScatter,
    banner,
    detail,
    freeCounter,
    freeWonText: freeCounter ? money(freeCounter.won, lastBetPerLine) : '',
    spinMs,
    staggerMs,
    symbolTitle,
    alive,
    playRound,
  };
}
