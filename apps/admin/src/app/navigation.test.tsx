import { permissionsOf } from '@app/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, sessionOf } from '../test/render';
import { homePathOf, visibleNavigation } from './navigation';

const emptyDashboard = {
  totals: {
    deposits: 0,
    withdrawals: 0,
    bets: 0,
    wins: 0,
    ggr: 0,
    ngr: 0,
    newPlayers: 0,
    activePlayers: 0,
  },
  categories: [],
  pending: { deposits: 0, withdrawals: 0, withdrawalCases: 0 },
};

describe('the navigation, filtered by the role', () => {
  it('gives a content operator no finance group and no finance page', () => {
    const groups = visibleNavigation(permissionsOf('content'));
    expect(groups.map((entry) => entry.group)).not.toContain('finance');
    expect(groups.flatMap((entry) => entry.items.map((item) => item.key))).not.toContain(
      'withdrawals',
    );
  });

  it('gives finance the withdrawals and an admin every page', () => {
    const finance = visibleNavigation(permissionsOf('finance')).flatMap((entry) => entry.items);
    expect(finance.map((item) => item.key)).toContain('withdrawals');
    const admin = visibleNavigation(permissionsOf('admin')).flatMap((entry) => entry.items);
    expect(admin.map((item) => item.key)).toEqual([
      'dashboard',
      'lottery',
      'withdrawals',
      'deposits',
      'paymentMethods',
      'members',
      'adjustBalance',
      'messages',
      'chatRoom',
      'missions',
      'pointRedemptions',
      'promotions',
      'pointRewards',
      'pointRules',
      'clubRanks',
      'agents',
      'contentBanners',
      'contentAnnouncements',
      'contentHelp',
      'contentLinks',
      'games',
      'siteAccess',
      'switches',
      'registration',
      'builtinGames',
      'adjustmentLimit',
      'operators',
      'auditLog',
      'webVitals',
    ]);
    // Settings: every role but finance reads them (settings:read); only admin changes them.
    const settingsOf = (role: Parameters<typeof permissionsOf>[0]) =>
      visibleNavigation(permissionsOf(role)).some((entry) => entry.group === 'settings');
    expect(settingsOf('finance')).toBe(false);
    expect(settingsOf('read-only')).toBe(true);
  });

  it('gives a content operator the Content group', () => {
    const groups = visibleNavigation(permissionsOf('content'));
    expect(
      groups.find((entry) => entry.group === 'content')?.items.map((item) => item.path),
    ).toEqual([
      '/content/banners',
      '/content/announcements',
      '/content/help',
      '/content/site-links',
    ]);
  });

  it('lands an operator on the first page the role may open', () => {
    expect(homePathOf(permissionsOf('admin'))).toBe('/');
    expect(homePathOf([])).toBeNull();
  });

  it('shows a signed-in content operator no Finance in the layout', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('content'))],
      'GET /admin/dashboard': [ok(emptyDashboard)],
    });
    await renderConsole('/');
    await waitFor(() => expect(screen.getByTestId('operator-role').textContent).toBe('Content'));
    expect(screen.queryByTestId('nav-group-finance')).toBeNull();
    expect(screen.queryByTestId('nav-withdrawals')).toBeNull();
  });

  it('shows a finance operator the withdrawals link, and a direct visit of a page the role lacks is refused', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('finance'))],
      'GET /admin/dashboard': [ok(emptyDashboard)],
    });
    const { router } = await renderConsole('/operators');
    await waitFor(() => expect(screen.getByTestId('nav-withdrawals')).toBeTruthy());
    if (!permissionsOf('finance').includes('operators:manage')) {
      expect(await screen.findByTestId('not-allowed')).toBeTruthy();
    }
    expect(router.state.location.pathname).toBe('/operators');
  });
});
