import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBalancePush } from './use-balance-push';

/** A stand-in for the lazy realtime chunk: records starts and stops, pushes on demand. */
function fakeRealtime() {
  const active = new Set<() => void>();
  let starts = 0;
  const load = vi.fn(async () => ({
    startBalancePush: (onChange: () => void) => {
      starts += 1;
      active.add(onChange);
      return () => active.delete(onChange);
    },
  }));
  return {
    load,
    push: () => {
      for (const onChange of active) onChange();
    },
    activeCount: () => active.size,
    starts: () => starts,
  };
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('useBalancePush', () => {
  it('does nothing for a guest', async () => {
    const realtime = fakeRealtime();
    renderHook(() => useBalancePush(null, () => {}, realtime.load));
    await flush();
    expect(realtime.load).not.toHaveBeenCalled();
  });

  it('refetches on each push while logged in, with the latest callback, and stops at logout', async () => {
    const realtime = fakeRealtime();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(
      ({ token, onChange }) => useBalancePush(token, onChange, realtime.load),
      { initialProps: { token: 'token-1' as string | null, onChange: first } },
    );
    await flush();
    realtime.push();
    expect(first).toHaveBeenCalledTimes(1);

    rerender({ token: 'token-1', onChange: second });
    realtime.push();
    expect(second).toHaveBeenCalledTimes(1);
    expect(realtime.starts()).toBe(1);

    rerender({ token: null, onChange: second });
    expect(realtime.activeCount()).toBe(0);
  });

  it('subscribes again for a new session (another login in the tab)', async () => {
    const realtime = fakeRealtime();
    const { rerender } = renderHook(({ token }) => useBalancePush(token, () => {}, realtime.load), {
      initialProps: { token: 'token-1' },
    });
    await flush();
    rerender({ token: 'token-2' });
    await flush();
    expect(realtime.starts()).toBe(2);
    expect(realtime.activeCount()).toBe(1);
  });

  it('never starts when unmounted before the chunk arrived', async () => {
    const realtime = fakeRealtime();
    const { unmount } = renderHook(() => useBalancePush('token-1', () => {}, realtime.load));
    unmount();
    await flush();
    expect(realtime.starts()).toBe(0);
  });
});
