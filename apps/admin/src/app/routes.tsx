import { lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { navigationItems } from './navigation';
import { PageLoader, RequirePermission, RequireSession } from './session-gate';

// Every page is its own chunk, and so is the signed-in layout (AppShell, navigation, top bar):
// the first screen loads React, Mantine's provider, the router and the session check only.
const loadLayout = () => import('./layout/console-layout');
const ConsoleLayout = lazy(loadLayout);
const HomePage = lazy(() => import('./pages/home-page'));
const SignInPage = lazy(() => import('../features/session/sign-in-page'));
const TotpEnrolmentPage = lazy(() => import('../features/session/totp-enrolment-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const WithdrawalsPage = lazy(() => import('../features/withdrawals/withdrawals-page'));
const DepositsPage = lazy(() => import('../features/deposits/deposits-page'));
const AdjustBalancePage = lazy(() => import('../features/adjustments/adjust-balance-page'));
const OperatorsPage = lazy(() => import('../features/operators/operators-page'));
const AuditLogPage = lazy(() => import('../features/audit-log/audit-log-page'));
const LotteryPage = lazy(() => import('../features/lottery/lottery-page'));
const BannersPage = lazy(() => import('../features/content/banners-page'));
const AnnouncementsPage = lazy(() => import('../features/content/announcements-page'));
const HelpArticlesPage = lazy(() => import('../features/content/help-articles-page'));
const SiteLinksPage = lazy(() => import('../features/content/site-links-page'));
const SiteAccessPage = lazy(() => import('../features/settings/site-access-page'));
const SwitchesPage = lazy(() => import('../features/settings/switches-page'));
const RegistrationRulesPage = lazy(() => import('../features/settings/registration-rules-page'));
const BuiltinLimitsPage = lazy(() => import('../features/settings/builtin-limits-page'));
const PaymentMethodsPage = lazy(() => import('../features/payment-methods/payment-methods-page'));
const GamesPage = lazy(() => import('../features/games/games-page'));
const MembersPage = lazy(() => import('../features/members/members-page'));
const MemberProfilePage = lazy(() => import('../features/members/member-profile-page'));
const MessagesPage = lazy(() => import('../features/messages/messages-page'));
const ChatRoomPage = lazy(() => import('../features/messages/chat-room-page'));
const MissionsPage = lazy(() => import('../features/missions/missions-page'));
const AgentsPage = lazy(() => import('../features/agents/agents-page'));
const RedemptionsPage = lazy(() => import('../features/loyalty/redemptions-page'));
const AdjustmentLimitPage = lazy(() => import('../features/settings/adjustment-limit-page'));
const PromotionsPage = lazy(() => import('../features/promotions/promotions-page'));
const PointRewardsPage = lazy(() => import('../features/loyalty/point-rewards-page'));
const LoyaltySettingsPage = lazy(() => import('../features/loyalty/settings-pages'));
const WebVitalsPage = lazy(() => import('../features/reports/web-vitals-page'));

function page(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

function guarded(key: string, element: ReactNode): RouteObject {
  const item = navigationItems.find((entry) => entry.key === key);
  if (!item) throw new Error(`no navigation item ${key}`);
  return {
    path: item.path.replace(/^\//, ''),
    element: <RequirePermission permission={item.permission}>{page(element)}</RequirePermission>,
  };
}

export const consoleRoutes: RouteObject[] = [
  { path: '/sign-in', element: page(<SignInPage />) },
  { path: '/enrol', element: page(<TotpEnrolmentPage />) },
  {
    path: '/',
    element: <RequireSession>{page(<ConsoleLayout />)}</RequireSession>,
    children: [
      { index: true, element: page(<HomePage dashboard={page(<DashboardPage />)} />) },
      guarded('withdrawals', <WithdrawalsPage />),
      guarded('deposits', <DepositsPage />),
      guarded('paymentMethods', <PaymentMethodsPage />),
      guarded('adjustBalance', <AdjustBalancePage />),
      guarded('operators', <OperatorsPage />),
      guarded('auditLog', <AuditLogPage />),
      guarded('lottery', <LotteryPage />),
      guarded('contentBanners', <BannersPage />),
      guarded('contentAnnouncements', <AnnouncementsPage />),
      guarded('contentHelp', <HelpArticlesPage />),
      guarded('contentLinks', <SiteLinksPage />),
      guarded('siteAccess', <SiteAccessPage />),
      guarded('switches', <SwitchesPage />),
      guarded('registration', <RegistrationRulesPage />),
      guarded('builtinGames', <BuiltinLimitsPage />),
      guarded('games', <GamesPage />),
      guarded('members', <MembersPage />),
      guarded('messages', <MessagesPage />),
      guarded('chatRoom', <ChatRoomPage />),
      guarded('missions', <MissionsPage />),
      guarded('pointRedemptions', <RedemptionsPage />),
      guarded('adjustmentLimit', <AdjustmentLimitPage />),
      guarded('promotions', <PromotionsPage />),
      guarded('pointRewards', <PointRewardsPage />),
      guarded('pointRules', <LoyaltySettingsPage page="rules" />),
      guarded('clubRanks', <LoyaltySettingsPage page="ranks" />),
      guarded('agents', <AgentsPage />),
      guarded('webVitals', <WebVitalsPage />),
      {
        path: 'members/:memberId',
        element: (
          <RequirePermission permission="members:read">
            {page(<MemberProfilePage />)}
          </RequirePermission>
        ),
      },
      { path: '*', element: page(<HomePage dashboard={page(<DashboardPage />)} />) },
    ],
  },
];
