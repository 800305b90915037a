import type { Permission } from '@app/contract';

/** The groups of the left navigation, in order; a group no item of the role reaches is hidden. */
export const navigationGroups = [
  'overview',
  'finance',
  'members',
  'content',
  'games',
  'settings',
  'system',
] as const;
export type NavigationGroup = (typeof navigationGroups)[number];

export interface NavigationItem {
  /** Text key under `nav.` and the item's test id. */
  key: string;
  group: NavigationGroup;
  /** Path under the console's base (`/console`). */
  path: string;
  /** What the operator's role needs to see the item (and to open its page). */
  permission: Permission;
}

/**
 * Every page of the console. Later pages (members, content, settings, games) add their line
 * here and their route in routes.tsx.
 */
export const navigationItems: readonly NavigationItem[] = [
  { key: 'dashboard', group: 'overview', path: '/', permission: 'dashboard:read' },
  {
    key: 'withdrawals',
    group: 'finance',
    path: '/finance/withdrawals',
    permission: 'withdrawals:read',
  },
  { key: 'deposits', group: 'finance', path: '/finance/deposits', permission: 'deposits:read' },
  {
    key: 'paymentMethods',
    group: 'finance',
    path: '/finance/payment-methods',
    permission: 'deposits:read',
  },
  { key: 'members', group: 'members', path: '/members', permission: 'members:read' },
  {
    key: 'adjustBalance',
    group: 'members',
    path: '/members/adjust-balance',
    permission: 'members:adjust',
  },
  { key: 'operators', group: 'system', path: '/operators', permission: 'operators:manage' },
  { key: 'auditLog', group: 'system', path: '/audit-log', permission: 'audit:read' },
  { key: 'lottery', group: 'overview', path: '/lottery', permission: 'lottery:read' },
  {
    key: 'contentBanners',
    group: 'content',
    path: '/content/banners',
    permission: 'content:read',
  },
  {
    key: 'contentAnnouncements',
    group: 'content',
    path: '/content/announcements',
    permission: 'content:read',
  },
  { key: 'contentHelp', group: 'content', path: '/content/help', permission: 'content:read' },
  {
    key: 'contentLinks',
    group: 'content',
    path: '/content/site-links',
    permission: 'content:read',
  },
  {
    key: 'siteAccess',
    group: 'settings',
    path: '/settings/access',
    permission: 'settings:read',
  },
  { key: 'switches', group: 'settings', path: '/settings/switches', permission: 'settings:read' },
  {
    key: 'registration',
    group: 'settings',
    path: '/settings/registration',
    permission: 'settings:read',
  },
  {
    key: 'builtinGames',
    group: 'settings',
    path: '/settings/builtin-games',
    permission: 'settings:read',
  },
  { key: 'games', group: 'games', path: '/games', permission: 'games:read' },
  { key: 'messages', group: 'members', path: '/members/messages', permission: 'messages:read' },
  { key: 'chatRoom', group: 'members', path: '/members/chat-room', permission: 'chat:read' },
  { key: 'missions', group: 'members', path: '/missions', permission: 'missions:read' },
  {
    key: 'pointRedemptions',
    group: 'members',
    path: '/members/point-redemptions',
    permission: 'loyalty:read',
  },
  {
    key: 'adjustmentLimit',
    group: 'settings',
    path: '/settings/adjustments',
    permission: 'settings:edit',
  },
  { key: 'promotions', group: 'members', path: '/promotions', permission: 'promotions:read' },
  {
    key: 'pointRewards',
    group: 'members',
    path: '/members/point-rewards',
    permission: 'loyalty:read',
  },
  { key: 'pointRules', group: 'members', path: '/members/point-rules', permission: 'loyalty:read' },
  { key: 'clubRanks', group: 'members', path: '/members/club-ranks', permission: 'loyalty:read' },
  { key: 'agents', group: 'members', path: '/agents', permission: 'agents:read' },
  { key: 'webVitals', group: 'system', path: '/reports/web-vitals', permission: 'reports:read' },
];

export interface VisibleGroup {
  group: NavigationGroup;
  items: NavigationItem[];
}

/** The navigation a set of permissions reaches, by group; empty groups are left out. */
export function visibleNavigation(permissions: readonly Permission[]): VisibleGroup[] {
  const held = new Set(permissions);
  return navigationGroups
    .map((group) => ({
      group,
      items: navigationItems.filter((item) => item.group === group && held.has(item.permission)),
    }))
    .filter((entry) => entry.items.length > 0);
}

/** Where an operator lands after signing in: the first page the role may open. */
export function homePathOf(permissions: readonly Permission[]): string | null {
  return visibleNavigation(permissions)[0]?.items[0]?.path ?? null;
}
