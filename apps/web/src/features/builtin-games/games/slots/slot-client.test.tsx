import type { BuiltinRound } from '@app/contract/client';
import { simulationRandomSource } from '@app/game-math';
import { playSlotRound } from '@app/game-math/slots/evaluate';
import { JADE_DRAGON } from '@app/game-math/slots/games/jade-dragon';
import type { SlotRoundOutcome } from '@app/game-math/slots/types';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import type { GameClientProps } from '../../game-client-types';
import SlotClient from './slot-client';
import { amountOfPay, resultKindOf } from './slot-round';
import { loadSlotTexts } from './slot-texts';

const LINES = 20;
const BET_PER_LINE = 0.05;
const STAKE = 1;

/** The first simulated Jade Dragon round (all lines) that `wanted` accepts, without free spins. */
function findOutcome(wanted: (outcome: SlotRoundOutcome) => boolean): SlotRoundOutcome {
  const source = simulationRandomSource(99);
  for (let i = 0; i < 10_000; i++) {
    const outcome = playSlotRound(JADE_DRAGON, source, LINES);
    if (outcome.freeSpins.length === 0 && wanted(outcome)) return outcome;
  }
  throw new Error('no such round');
}

function roundOf(outcome: SlotRoundOutcome): BuiltinRound {
  return {
    roundId: '42',
    gameCode: 'inh-jade-dragon',
    status: 'settled',
    stake: STAKE,
    payout: amountOfPay(outcome.totalPay, BET_PER_LINE),
    payoutCapped: false,
    detail: { params: { lines: LINES, betPerLine: BET_PER_LINE }, outcome },
    proof: { serverSeedHash: 'h', serverSeed: null, clientSeed: 'c', nonce: 0 },
    startedAt: '2026-11-22T18:00:00Z',
    settledAt: '2026-11-22T18:00:00Z',
  };
}

/** Reduced motion: the reels stop at once, so the test waits only for the wins in turn. */
function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderSlot(overrides: Partial<GameClientProps> = {}) {
  const sound = { play: vi.fn() };
  const props: GameClientProps = {
    gameCode: 'inh-jade-dragon',
    currency: 'VND',
    limits: { minStake: 0.1, maxStake: 1000, maxPayout: 100_000 },
    settings: { autoplayAllowed: false, turboAllowed: false },
    resumeRound: null,
    play: vi.fn(),
    act: vi.fn(),
    showBalance: vi.fn(),
    sound,
    ...overrides,
  };
  renderWithProviders(
    <Suspense fallback="loading">
      <SlotClient {...props} />
    </Suspense>,
  );
  return { props, sound };
}

const visibleSymbols = () =>
  [1, 2, 3, 4, 5].map((reel) =>
    Array.from(screen.getByTestId(`slot-reel-${reel}`).querySelectorAll('[data-symbol]')).map(
      (cell) => cell.getAttribute('data-symbol'),
    ),
  );

describe('the slot client', () => {
  beforeAll(() => loadSlotTexts());

  it('shows a given round as it ended: its grid and "returned" for a payout at the stake or less', async () => {
    preferReducedMotion();
    const outcome = findOutcome((o) => o.totalPay > 0 && o.totalPay <= LINES);
    const round = roundOf(outcome);
    expect(resultKindOf(round.stake, round.payout)).toBe('returned');
    const { sound, props } = renderSlot({ resumeRound: round });
    const result = await screen.findByTestId('slot-result', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(result.textContent).toContain(`Returned ${round.payout.toFixed(2)}`),
    );
    await waitFor(() => expect(visibleSymbols()).toEqual(outcome.base.grid));
    expect(result.querySelector('[data-kind="returned"]')?.className ?? '').not.toMatch(
      /celebrate/,
    );
    expect(sound.play).not.toHaveBeenCalledWith('win');
    expect(sound.play).not.toHaveBeenCalledWith('bigWin');
    expect(props.showBalance).toHaveBeenCalled();
  });

  it('spins with all lines at the smallest bet within limits and celebrates a real win', async () => {
    preferReducedMotion();
    const outcome = findOutcome((o) => o.totalPay > LINES && o.totalPay < LINES * 10);
    const round = roundOf(outcome);
    const play = vi.fn(async () => round);
    const { sound, props } = renderSlot({
      play,
      limits: { minStake: 1, maxStake: 1000, maxPayout: 1e5 },
    });
    const spin = await screen.findByRole('button', { name: 'Spin' }, { timeout: 10_000 });
    expect(screen.getByTestId('slot-total-bet').textContent).toContain('1.00');
    fireEvent.click(spin);
    expect(play).toHaveBeenCalledWith({ lines: LINES, betPerLine: BET_PER_LINE });
    await waitFor(() => expect(props.showBalance).toHaveBeenCalled(), { timeout: 10_000 });
    const result = screen.getByTestId('slot-result');
    expect(result.querySelector('[data-kind="win"]')?.textContent).toBe(
      `Win ${round.payout.toFixed(2)}`,
    );
    expect(result.querySelector('[data-kind="win"]')?.className).toMatch(/celebrate/);
    expect(sound.play).toHaveBeenCalledWith('win');
    await waitFor(() => expect(visibleSymbols()).toEqual(outcome.base.grid));
  }, 20_000);

  it('does not celebrate a losing spin, and offers no autoplay or turbo unless allowed', async () => {
    preferReducedMotion();
    const round = roundOf(findOutcome((o) => o.totalPay === 0));
    const { sound } = renderSlot({ play: vi.fn(async () => round) });
    fireEvent.click(await screen.findByRole('button', { name: 'Spin' }));
    await screen.findByText('No win');
    expect(sound.play).not.toHaveBeenCalledWith('win');
    expect(screen.queryByText('Turbo')).toBeNull();
    expect(screen.queryByText('Start autoplay')).toBeNull();
  });

  it('plays the free spins through with their counter and total', async () => {
    preferReducedMotion();
    const source = simulationRandomSource(5);
    let found: SlotRoundOutcome | null = null;
    while (!found) {
      const outcome = playSlotRound(JADE_DRAGON, source, LINES);
      if (outcome.freeSpins.length > 0) found = outcome;
    }
    // Two free spins are enough to show the sequence (the client shows what it is given).
    const freeSpins = found.freeSpins.slice(0, 2).map((spin) => ({ ...spin, freeSpinsAwarded: 0 }));
    const outcome: SlotRoundOutcome = {
      ...found,
      base: { ...found.base, freeSpinsAwarded: 2 },
      freeSpins,
      totalPay: found.base.pay + freeSpins.reduce((sum, spin) => sum + spin.pay, 0),
    };
    const { props } = renderSlot({ play: vi.fn(async () => roundOf(outcome)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Spin' }, { timeout: 10_000 }));
    await screen.findByText('2 free spins!', {}, { timeout: 10_000 });
    await waitFor(() => expect(props.showBalance).toHaveBeenCalled(), { timeout: 20_000 });
    const freeWon = amountOfPay(
      freeSpins.reduce((sum, spin) => sum + spin.pay, 0),
      BET_PER_LINE,
    );
    await waitFor(() => {
      const counter = screen.getByTestId('slot-free-spins').textContent ?? '';
      expect(counter).toContain('Free spin 2 of 2');
      expect(counter).toContain(`Free spins total ${freeWon.toFixed(2)}`);
    });
    await waitFor(() => expect(visibleSymbols()).toEqual(freeSpins[1]?.grid));
  }, 30_000);

  it('offers autoplay and turbo when the merchant allows them', async () => {
    preferReducedMotion();
    renderSlot({ settings: { autoplayAllowed: true, turboAllowed: true } });
    expect(await screen.findByText('Turbo')).toBeTruthy();
    expect(screen.getByText('Start autoplay')).toBeTruthy();
  });

  it('shows the granted free spins and plays one through the free-spin call, not the paid one', async () => {
    preferReducedMotion();
    const grant = {
      grantId: '7',
      gameCode: 'inh-jade-dragon',
      spinsTotal: 10,
      spinsLeft: 10,
      betPerLine: BET_PER_LINE,
      won: 0,
      wageringMultiple: 5,
      expiresAt: '2026-12-01T00:00:00Z',
    };
    const round = roundOf(findOutcome((o) => o.totalPay === 0));
    const freeSpins = {
      list: vi.fn(async () => [grant]),
      play: vi.fn(async () => ({ round, grant: { ...grant, spinsLeft: 9 } })),
    };
    const { props } = renderSlot({ freeSpins });
    const panel = await screen.findByTestId('slot-free-spins', {}, { timeout: 10_000 });
    expect(panel.textContent).toContain('10 free spins');
    fireEvent.click(screen.getByRole('button', { name: 'Play a free spin' }));
    await waitFor(() => expect(freeSpins.play).toHaveBeenCalledWith('7'));
    await waitFor(() =>
      expect(screen.getByTestId('slot-free-spins').textContent).toContain('9 free spins'),
    );
    expect(props.play).not.toHaveBeenCalled();
  });
});
