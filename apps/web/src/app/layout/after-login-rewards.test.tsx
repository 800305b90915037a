import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import AfterLoginRewards from './after-login-rewards';

const mission = {
  missionId: '3',
  period: 'daily',
  goalKind: 'wager',
  gameCategory: null,
  title: 'Wager 100 today',
  target: 100,
  progress: 100,
  completed: true,
  claimed: false,
  claimable: true,
  rewardKind: 'cash',
  rewardAmount: 5,
  periodKey: 'D2026-11-26',
  resetsAtMs: null,
};

function rewardCenter(claimable: unknown[], runningAmount = 0) {
  return {
    success: true,
    value: {
      currency: 'VND',
      claimable,
      running: [],
      claimed: [],
      runningAmount,
      remainingTurnover: runningAmount * 10,
    },
  };
}

async function renderRewards(onDone = vi.fn()) {
  await act(async () => {
    renderWithProviders(
      <MemoryRouter>
        <Suspense fallback={null}>
          <AfterLoginRewards onDone={onDone} />
        </Suspense>
      </MemoryRouter>,
    );
  });
  return onDone;
}

describe('after-login modal: rewards half (SPEC §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists claimable missions, promotions and the bonus wallet with their links', async () => {
    mockApi({
      '/wps/member/reward-center': {
        body: rewardCenter(
          [{ kind: 'promotion-claim', id: '12', title: 'Weekend reload', amount: null }],
          50,
        ),
      },
      '/wps/relay/MCSFE_getMissionSummaryDetails': {
        body: { success: true, value: { claimableCount: 1, missions: [mission] } },
      },
    });
    const onDone = await renderRewards();
    const dialog = await screen.findByRole('dialog', { name: 'Rewards waiting for you' });
    expect(dialog.textContent).toContain('Wager 100 today · 5.00 cash');
    expect(dialog.textContent).toContain('Weekend reload');
    expect(dialog.textContent).toContain('50.00 in bonuses, 500.00 left to wager');
    expect(screen.getAllByRole('button', { name: 'Claim' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onDone).toHaveBeenCalled();
  });

  it('shows nothing and finishes when there is nothing to claim', async () => {
    mockApi({
      '/wps/member/reward-center': { body: rewardCenter([]) },
      '/wps/relay/MCSFE_getMissionSummaryDetails': {
        body: { success: true, value: { claimableCount: 0, missions: [] } },
      },
    });
    const onDone = await renderRewards();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not interrupt for a running bonus alone: only something to claim opens it', async () => {
    mockApi({
      '/wps/member/reward-center': { body: rewardCenter([], 50) },
      '/wps/relay/MCSFE_getMissionSummaryDetails': {
        body: { success: true, value: { claimableCount: 0, missions: [] } },
      },
    });
    const onDone = await renderRewards();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
