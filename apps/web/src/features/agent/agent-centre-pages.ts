import { type ComponentType, lazy } from 'react';
import type { AgentPageProps } from './agent-page-props';

export type { AgentPageProps };

/** What decides whether a page shows (merchant switches come with the contract pages). */
export interface AgentCentreVisibility {
  agentType: number;
  /** The merchant's white-label switches (the contract pages show only when theirs is on). */
  whiteLabel: Record<string, unknown> | undefined;
}

/** A visibility rule: the page shows while this white-label switch of the merchant is on. */
export const whenSwitchOn = (key: string) => (context: AgentCentreVisibility) =>
  context.whiteLabel?.[key] === true;

/**
 * The agent centre's pages (SPEC §2, the modal titled Agent), in menu order: one line each,
 * its id, its title in `agent-centre.json` (`page_<titleKey>`), a lazy component (its own
 * chunk) and when it shows. Append new pages at the end of the list.
 */
export interface AgentCentrePage {
  id: string;
  titleKey: string;
  component: ComponentType<AgentPageProps>;
  visible?: (context: AgentCentreVisibility) => boolean;
}

export const agentCentrePages: AgentCentrePage[] = [
  {
    id: 'teamOverview',
    titleKey: 'team_overview',
    component: lazy(() => import('./pages/team-overview-page')),
  },
  {
    id: 'registerCenter',
    titleKey: 'register_account',
    component: lazy(() => import('./pages/register-account-page')),
  },
  {
    id: 'downlineManagmentView',
    titleKey: 'team_management',
    component: lazy(() => import('./pages/team-management-page')),
  },
  {
    id: 'teamBetting',
    titleKey: 'team_betting',
    component: lazy(() => import('./pages/team-betting-page')),
  },
  {
    id: 'userProfitLoss',
    titleKey: 'user_profit_loss',
    component: lazy(() => import('./pages/user-profit-page')),
  },
  {
    id: 'downlineTransactions',
    titleKey: 'downline_transactions',
    component: lazy(() => import('./pages/downline-transactions-page')),
  },
  {
    id: 'announcement',
    titleKey: 'announcement',
    component: lazy(() => import('./pages/announcement-page')),
  },
];
