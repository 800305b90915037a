import { lazy } from 'react';
import { type AgentCentrePage, whenSwitchOn } from '../../features/agent/agent-centre-pages';

const entries = () => import('../../features/agent-contracts/components/centre-entries');

/**
 * The agent centre's income and contract pages (feature `agent-contracts`), appended to the
 * centre's own pages; each contract kind only while the merchant's switch for it is on.
 */
export const agentContractPages: AgentCentrePage[] = [
  {
    id: 'agentRevenueReport',
    titleKey: 'my_income',
    component: lazy(() => entries().then((module) => ({ default: module.IncomeEntry }))),
  },
  {
    id: 'dividend',
    titleKey: 'dividend',
    component: lazy(() => entries().then((module) => ({ default: module.DividendEntry }))),
    visible: whenSwitchOn('dividend'),
  },
  {
    id: 'dailySalary',
    titleKey: 'daily_salary',
    component: lazy(() => entries().then((module) => ({ default: module.DailyEntry }))),
    visible: whenSwitchOn('dailySalary'),
  },
  {
    id: 'hourlySalary',
    titleKey: 'hourly_salary',
    component: lazy(() => entries().then((module) => ({ default: module.HourlyEntry }))),
    visible: whenSwitchOn('hourlySalary'),
  },
  {
    id: 'realTimeSalary',
    titleKey: 'realtime_salary',
    component: lazy(() => entries().then((module) => ({ default: module.RealTimeEntry }))),
    visible: whenSwitchOn('realTimeSalary'),
  },
  {
    id: 'commission',
    titleKey: 'commission',
    component: lazy(() => entries().then((module) => ({ default: module.CommissionEntry }))),
    visible: whenSwitchOn('commission'),
  },
];
