import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_MS, useAutoplay } from './use-autoplay';

function Probe({ count, paused = false }: { count: number; paused?: boolean }) {
  const { index, go } = useAutoplay(count, paused);
  return (
    <button type="button" onClick={() => go(0)}>
      slide {index}
    </button>
  );
}

describe('useAutoplay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves every 5000 ms, wraps round, and waits again after a choice', () => {
    render(<Probe count={3} />);
    expect(AUTOPLAY_MS).toBe(5000);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('button').textContent).toBe('slide 0');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('slide 1');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('button').textContent).toBe('slide 2');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('button').textContent).toBe('slide 0');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button').textContent).toBe('slide 1');
  });

  it('stays still with one slide or while paused', () => {
    const { rerender } = render(<Probe count={1} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByRole('button').textContent).toBe('slide 0');
    rerender(<Probe count={2} paused />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByRole('button').textContent).toBe('slide 0');
  });
});
