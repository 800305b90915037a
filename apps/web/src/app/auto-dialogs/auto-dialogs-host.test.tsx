import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSessionToken } from '../../lib/session-token';
import { mockApi, renderWithProviders } from '../../test/render';
import AfterLoginRewards from '../layout/after-login-rewards';
import { resetAutoDialogs } from './auto-dialog-queue';
import AutoDialogsHost from './auto-dialogs-host';

const TOKEN = 'R'.repeat(43);

const member = {
  body: {
    success: true,
    value: {
      id: 9,
      account: 'player1',
      nickname: 'player1',
      type: 0,
      toUpline: false,
      currency: 'VND',
      clubLabel: null,
      memberLabel: [],
    },
  },
};

function rewardCenter(claimable: unknown[]) {
  return {
    body: {
      success: true,
      value: {
        currency: 'VND',
        claimable,
        running: [],
        claimed: [],
        runningAmount: 0,
        remainingTurnover: 0,
      },
    },
  };
}

const noMissions = { body: { success: true, value: { claimableCount: 0, missions: [] } } };

/** A dialog the person opened themselves (the member centre, the agent centre, a payment). */
function PersonDialog({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return open ? (
    <div role="dialog" aria-label="Member centre">
      <button type="button" onClick={() => setOpen(false)}>
        Close member centre
      </button>
    </div>
  ) : null;
}

async function renderHost(path = '/', personDialogOpen = false) {
  await act(async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={[path]}>
        <PersonDialog initiallyOpen={personDialogOpen} />
        <AutoDialogsHost />
      </MemoryRouter>,
    );
  });
}

const REWARDS = 'Rewards waiting for you';
/** Lets effects and answered requests run, so that rewards let through would have asked. */
const SETTLE_MS = 50;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)));
const rewardCenterAsked = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.some(([input]) => String(input).includes('/wps/member/reward-center'));
const rewardsDialog = () => screen.queryByRole('dialog', { name: REWARDS });

describe('the after-login rewards through the auto-dialog queue', () => {
  // The modal's texts load once; afterwards it asks for the rewards as soon as it mounts, so a
  // short settle tells whether the queue let it through.
  beforeAll(async () => {
    mockApi({
      '/wps/member/reward-center': rewardCenter([{ kind: 'promotion-claim', id: '1', title: 'x' }]),
      '/wps/relay/MCSFE_getMissionSummaryDetails': noMissions,
    });
    await act(async () => {
      renderWithProviders(
        <MemoryRouter>
          <Suspense fallback={null}>
            <AfterLoginRewards onDone={() => undefined} />
          </Suspense>
        </MemoryRouter>,
      );
    });
    await screen.findByRole('dialog', { name: REWARDS });
    cleanup();
    vi.unstubAllGlobals();
  });
  beforeEach(() => {
    resetAutoDialogs();
    window.localStorage.clear();
    setSessionToken(TOKEN);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearSession();
    resetAutoDialogs();
  });

  it('waits for the dialog the person opened, then shows once per login, not on a reload', async () => {
    const fetchMock = mockApi({
      '/wps/member/info': member,
      '/wps/member/reward-center': rewardCenter([
        { kind: 'promotion-claim', id: '2', title: 'Free 20,000 to start', amount: null },
      ]),
      '/wps/relay/MCSFE_getMissionSummaryDetails': noMissions,
    });
    await renderHost('/', true);
    await waitFor(() =>
      expect(document.documentElement.hasAttribute('data-auto-dialogs')).toBe(true),
    );
    expect(rewardsDialog()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close member centre' }));
    expect(await screen.findByRole('dialog', { name: 'Rewards waiting for you' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(rewardsDialog()).toBeNull());
    expect(document.documentElement.hasAttribute('data-auto-dialogs')).toBe(false);

    // A reload of the same login: nothing is asked for again.
    cleanup();
    resetAutoDialogs();
    fetchMock.mockClear();
    await renderHost('/');
    await settle();
    expect(rewardCenterAsked(fetchMock)).toBe(false);
    expect(document.documentElement.hasAttribute('data-auto-dialogs')).toBe(false);
    expect(rewardsDialog()).toBeNull();
  });

  it('opens nothing over a game, and nothing when nothing can be claimed', async () => {
    const gameFetch = mockApi({
      '/wps/member/info': member,
      '/wps/member/reward-center': rewardCenter([
        { kind: 'promotion-claim', id: '2', title: 'Free 20,000 to start', amount: null },
      ]),
      '/wps/relay/MCSFE_getMissionSummaryDetails': noMissions,
    });
    await renderHost('/game');
    await waitFor(() =>
      expect(document.documentElement.hasAttribute('data-auto-dialogs')).toBe(true),
    );
    await settle();
    expect(rewardCenterAsked(gameFetch)).toBe(false);
    expect(rewardsDialog()).toBeNull();

    cleanup();
    resetAutoDialogs();
    window.localStorage.clear();
    mockApi({
      '/wps/member/info': member,
      '/wps/member/reward-center': rewardCenter([]),
      '/wps/relay/MCSFE_getMissionSummaryDetails': noMissions,
    });
    await renderHost('/');
    await waitFor(() => expect(window.localStorage.getItem('afterLoginRewards')).toBeTruthy());
    // A mark of the session, never the token itself (it stays in session storage).
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(TOKEN);
    expect(rewardsDialog()).toBeNull();
    expect(document.documentElement.hasAttribute('data-auto-dialogs')).toBe(false);
  });
});
