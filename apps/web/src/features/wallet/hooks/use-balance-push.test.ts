import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useBalancePush } from './use-balance-push';

/** The lazy realtime chunk, mocked: records who listens, pushes on demand. */
const realtime = vi.hoisted(() => {
  const active = new Map<() => void, string>();
  const state = { starts: 0 };
  return {
    active,
    state,
    startBalancePush: (token: string, onChange: () => void) => {
      state.starts += 1;
      active.set(onChange, token);
      return () => active.delete(onChange);
    },
    push: () => {
      for (const onChange of active.keys()) onChange();
    },
  };
});
vi.mock('../realtime/balance-push', () => ({ startBalancePush: realtime.startBalancePush }));

async function flush() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  realtime.active.clear();
  realtime.state.starts = 0;
});

describe('useBalancePush', () => {
  it('does nothing for a guest', async () => {
    renderHook(() => useBalancePush(null, () => {}));
    await flush();
    expect(realtime.state.starts).toBe(0);
  });

  it('refetches on each push while logged in and stops at logout', async () => {
    const onChange = vi.fn();
    const { rerender } = renderHook(({ token }) => useBalancePush(token, onChange), {
      initialProps: { token: 'token-1' as string | null },
    });
    await flush();
    expect([...realtime.active.values()]).toEqual(['token-1']);
    realtime.push();
    realtime.push();
    expect(onChange).toHaveBeenCalledTimes(2);

    rerender({ token: null });
    await flush();
    expect(realtime.active.size).toBe(0);
    realtime.push();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('subscribes again with the new token after another login in the tab', async () => {
    const onChange = () => {};
    const { rerender } = renderHook(({ token }) => useBalancePush(token, onChange), {
      initialProps: { token: 'token-1' },
    });
    await flush();
    rerender({ token: 'token-2' });
    await flush();
    expect(realtime.state.starts).toBe(2);
    expect([...realtime.active.values()]).toEqual(['token-2']);
  });

  it('stops what it started even when unmounted before the chunk arrived', async () => {
    const { unmount } = renderHook(() => useBalancePush('token-1', () => {}));
    unmount();
    await flush();
    expect(realtime.active.size).toBe(0);
  });
});
