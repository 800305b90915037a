import { beforeEach, describe, expect, it, vi } from 'vitest';

const launchGame = vi.fn();
vi.mock('../api/launch-api', () => ({ launchGame: (body: unknown) => launchGame(body) }));

/** A fresh module per test: "this page load" is the module's own memory. */
async function freshPageLoad() {
  vi.resetModules();
  return import('./frame-launch');
}

const request = { nodeId: 7, vassalage: 'INH', language: 'EN' } as never;

describe('the /game frame after a reload (issue 22 item 7)', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    launchGame.mockReset();
  });

  it('shows a fresh address as it is, also on a re-render of the same page load', async () => {
    const frame = await freshPageLoad();
    frame.rememberLaunch(request, '/play?token=first');
    expect(frame.frameUrlSpent('/play?token=first')).toBe(false);
    expect(frame.frameUrlSpent('/play?token=first')).toBe(false);
  });

  it('launches again when an earlier page load already showed the address', async () => {
    const before = await freshPageLoad();
    before.rememberLaunch(request, '/play?token=first');
    expect(before.frameUrlSpent('/play?token=first')).toBe(false);

    const reloaded = await freshPageLoad();
    expect(reloaded.frameUrlSpent('/play?token=first')).toBe(true);
    launchGame.mockResolvedValue({ game_url: '/play?token=second' });
    expect(await reloaded.relaunchFramedGame()).toBe('/play?token=second');
    expect(launchGame).toHaveBeenCalledWith(request);
    expect(window.sessionStorage.getItem('iframeUrl')).toBe('/play?token=second');
    expect(reloaded.frameUrlSpent('/play?token=second')).toBe(false);
  });

  it('has nothing to launch without a stored request', async () => {
    const frame = await freshPageLoad();
    expect(await frame.relaunchFramedGame()).toBeNull();
  });
});
