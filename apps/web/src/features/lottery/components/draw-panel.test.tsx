import type { LotteryDraw } from '@app/contract/client';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { loadLotteryTexts } from '../lottery-texts';
import { DrawPanel } from './draw-panel';

const NOW_MS = 1_800_000_000_000;

const draw = (extra: Partial<LotteryDraw>): LotteryDraw => ({
  drawId: 7,
  gameCode: 'DIGIT5_1M',
  drawNo: '20261122-0007',
  status: 'open',
  opensAtMs: NOW_MS - 50_000,
  closesAtMs: NOW_MS + 3_000,
  drawAtMs: NOW_MS + 8_000,
  seedHash: null,
  seed: null,
  drawKey: null,
  result: null,
  drawnAtMs: null,
  settledAtMs: null,
  ...extra,
});

describe('draw panel countdown', () => {
  beforeAll(() => loadLotteryTexts());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW_MS);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down each second to the close, then asks for fresh draws once', () => {
    const onTimeUp = vi.fn();
    renderWithProviders(
      <DrawPanel current={draw({})} next={null} offsetMs={0} onTimeUp={onTimeUp} />,
    );
    expect(screen.getByTestId('countdown').textContent).toBe('0:03');
    expect(screen.getByText('Betting closes in')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown').textContent).toBe('0:02');
    // One tick a second: each is scheduled after the render of the one before.
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown').textContent).toBe('0:00');
    expect(onTimeUp).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('corrects a browser clock that runs behind the server', () => {
    // The server is 2 s ahead: 3 s to close on its clock is 1 s here.
    renderWithProviders(
      <DrawPanel current={draw({})} next={null} offsetMs={2000} onTimeUp={() => {}} />,
    );
    expect(screen.getByTestId('countdown').textContent).toBe('0:01');
  });

  it('counts down to the draw time once closed, and says betting has closed', () => {
    renderWithProviders(
      <DrawPanel
        current={draw({ status: 'closed' })}
        next={null}
        offsetMs={0}
        onTimeUp={() => {}}
      />,
    );
    expect(screen.getByText('Drawing in')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('0:08');
    expect(screen.getByTestId('draw-panel').getAttribute('data-status')).toBe('closed');
  });

  it('with no draw open, counts down to the next opening', () => {
    renderWithProviders(
      <DrawPanel
        current={null}
        next={draw({ status: 'scheduled', opensAtMs: NOW_MS + 65_000 })}
        offsetMs={0}
        onTimeUp={() => {}}
      />,
    );
    expect(screen.getByText('Opens in')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('1:05');
  });
});
