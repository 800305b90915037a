import type { MinesView } from '@app/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { clientProps, roundOf } from '../inhouse/inhouse-test-props';
import { loadInhouseTexts } from '../inhouse/inhouse-texts';
import MinesClient from './mines-client';
import MinesRules from './mines-rules';

beforeAll(loadInhouseTexts);

const render = (ui: React.ReactElement) =>
  renderWithProviders(<Suspense fallback="loading">{ui}</Suspense>);

const minesRound = (status: 'open' | 'settled', view: MinesView, payout = 0) =>
  roundOf({
    gameCode: 'inh-mines',
    status,
    stake: 1,
    payout,
    detail: { params: { stake: 1, mineCount: 3 }, outcome: null, view },
  });

const playing = (revealed: number[], multiplierScaled: number, nextMultiplierScaled: number) =>
  minesRound('open', {
    mineCount: 3,
    revealed,
    status: 'playing',
    multiplierScaled,
    nextMultiplierScaled,
  });

describe('Mines client', () => {
  it('starts, reveals a tile by keyboard or click, shows both multipliers, then cashes out', async () => {
    const act = vi
      .fn()
      .mockResolvedValueOnce(playing([7], 11_250, 12_857))
      .mockResolvedValueOnce(
        minesRound(
          'settled',
          {
            mineCount: 3,
            revealed: [7],
            status: 'cashedOut',
            multiplierScaled: 11_250,
            nextMultiplierScaled: null,
            mines: [0, 1, 2],
            hitTile: null,
          },
          1.12,
        ),
      );
    const props = clientProps({
      gameCode: 'inh-mines',
      play: vi.fn(async () => playing([], 0, 11_250)),
      act,
    });
    render(<MinesClient {...props} />);
    // Before a round: no tile can be revealed.
    expect((await screen.findByTestId('mines-tile-7')).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('mines-start'));
    expect(props.play).toHaveBeenCalledWith({ stake: 1, mineCount: 3 });
    expect((await screen.findByTestId('mines-next-multiplier')).textContent).toBe('1.125×');
    expect((screen.getByTestId('mines-cash-out') as HTMLButtonElement).disabled).toBe(true);

    // Arrow keys move between tiles.
    const tile6 = screen.getByTestId('mines-tile-6');
    tile6.focus();
    fireEvent.keyDown(tile6, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('mines-tile-7'));
    fireEvent.click(screen.getByTestId('mines-tile-7'));
    expect(act).toHaveBeenCalledWith('1', { type: 'reveal', tile: 7 });
    await waitFor(() =>
      expect(screen.getByTestId('mines-tile-7').getAttribute('data-look')).toBe('safe'),
    );
    expect(screen.getByTestId('mines-multiplier').textContent).toBe('1.125×');
    expect(screen.getByTestId('mines-next-multiplier').textContent).toBe('1.2857×');
    expect(screen.getByTestId('mines-cash-out').textContent).toContain('1.12 VND');

    fireEvent.click(screen.getByTestId('mines-cash-out'));
    expect(act).toHaveBeenLastCalledWith('1', { type: 'cashOut' });
    expect((await screen.findByTestId('round-result')).textContent).toContain('You won 1.12 VND');
    // The board shows the mines once the round is over.
    expect(screen.getByTestId('mines-tile-0').getAttribute('data-look')).toBe('mine');
    expect(props.sound.play).toHaveBeenCalledWith('cashOut');
    expect(props.showBalance).toHaveBeenCalled();
  });

  it('a hit mine shows the board and no win', async () => {
    const busted = minesRound('settled', {
      mineCount: 3,
      revealed: [4],
      status: 'busted',
      multiplierScaled: 0,
      nextMultiplierScaled: null,
      mines: [4, 9, 20],
      hitTile: 4,
    });
    render(<MinesClient {...clientProps({ gameCode: 'inh-mines', resumeRound: busted })} />);
    expect((await screen.findByTestId('round-result')).textContent).toContain('No win this round');
    expect(screen.getByTestId('mines-tile-4').getAttribute('data-look')).toBe('hit');
    expect(screen.getByTestId('mines-tile-9').getAttribute('data-look')).toBe('mine');
    expect(screen.getByTestId('mines-tile-5').getAttribute('data-look')).toBe('hidden');
  });

  it('resumes an open round where it was left', async () => {
    render(
      <MinesClient
        {...clientProps({ gameCode: 'inh-mines', resumeRound: playing([2, 3], 12_857, 14_785) })}
      />,
    );
    expect((await screen.findByTestId('mines-multiplier')).textContent).toBe('1.2857×');
    expect(screen.getByTestId('mines-tile-3').getAttribute('data-look')).toBe('safe');
    expect(screen.queryByTestId('mines-start')).toBeNull();
  });

  it('rules list every multiplier of the chosen mine count', async () => {
    render(<MinesRules />);
    const table = await screen.findByTestId('mines-odds');
    // 3 mines: 22 safe tiles, one row each, plus the header.
    expect(table.querySelectorAll('tr')).toHaveLength(23);
    expect(table.textContent).toContain('1.125×');
  });
});
