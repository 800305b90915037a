import type { MemberInfo } from '@app/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, useState } from 'react';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { walletCentreKey } from '../../features/wallet/api/use-wallet-centre';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { closeMemberCentre } from './member-centre-store';

/**
 * The member centre's pages (SPEC §2 "Personal centre menu"), in menu order. Only pages that
 * exist are listed; adding one is one line: its SPEC page key, its menu text in `centre.json`
 * (`page_<key>`), and a lazy component. Every page is its own chunk.
 */
export interface MemberCentrePage {
  /** SPEC page key, e.g. `transferFund`; also the `page_<key>` text of `centre.json`. */
  key: string;
  component: ComponentType;
  /** Whether the signed-in member has this page; absent: every member has it. */
  shownTo?: (member: MemberInfo) => boolean;
  /** Shown only while this white-label switch of the merchant is on. */
  whenSwitch?: 'referralPromo';
  /** A count beside the menu entry (lazy, like the page). */
  badge?: ComponentType;
}

/**
 * The pages the member's menu lists: those whose rule admits the member (none: everyone) and
 * whose white-label switch, if any, is on.
 */
export function pagesShownTo(
  member: MemberInfo | undefined,
  switches: Partial<Record<'referralPromo', boolean>> | undefined,
): MemberCentrePage[] {
  return memberCentrePages.filter(
    (page) =>
      (page.shownTo === undefined || (member !== undefined && page.shownTo(member))) &&
      (page.whenSwitch === undefined || switches?.[page.whenSwitch] === true),
  );
}

const DepositModal = lazyWithRetry(
  () => import('../../features/payments/components/deposit-modal'),
);
const WithdrawModal = lazyWithRetry(
  () => import('../../features/payments/components/withdraw-modal'),
);
const TransferUplineForm = lazyWithRetry(
  () => import('../../features/transfers/components/transfer-upline-page'),
);

const SecurityCentre = lazyWithRetry(
  () => import('../../features/security-centre/components/security-centre-page'),
);
const MissionsPageView = lazyWithRetry(
  () => import('../../features/missions/components/missions-page'),
);

function noop() {}

/** My account: the merchant's dialling codes and languages, and the change-password form. */
function SecurityCentrePage() {
  const { data: status } = useSystemStatus();
  const { open } = useAuthModals();
  return (
    <SecurityCentre
      dialingCodes={status?.merchant.smsDialingCodes ?? []}
      languages={status?.merchant.supportedLanguages ?? []}
      onChangePassword={() => {
        closeMemberCentre();
        open('changePassword');
      }}
    />
  );
}

/** Missions; a claim's cash reaches the header balance and the wallets at once. */
function MissionsPage() {
  const queryClient = useQueryClient();
  return (
    <MissionsPageView
      onClaimed={() => {
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        void queryClient.invalidateQueries({ queryKey: walletCentreKey });
      }}
    />
  );
}

/** The deposit form inside the centre, not in a modal of its own. */
function DepositPage() {
  return <DepositModal opened inline onClose={noop} />;
}

/** The withdraw form inside the centre; "Done" after a request starts a fresh form. */
function WithdrawPage() {
  const queryClient = useQueryClient();
  const [formKey, setFormKey] = useState(0);
  return (
    <WithdrawModal
      key={formKey}
      opened
      inline
      onClose={() => setFormKey((key) => key + 1)}
      onRequested={() => {
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        void queryClient.invalidateQueries({ queryKey: walletCentreKey });
      }}
    />
  );
}

/** Transfer to upline; the header balance and the wallets reload after a transfer. */
function TransferUplinePage() {
  const queryClient = useQueryClient();
  return (
    <TransferUplineForm
      onTransferred={() => {
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        void queryClient.invalidateQueries({ queryKey: walletCentreKey });
      }}
    />
  );
}

export const memberCentrePages: MemberCentrePage[] = [
  { key: 'securityCenter', component: SecurityCentrePage },
  {
    key: 'transferFund',
    component: lazy(() => import('../../features/wallet/components/my-wallet-page')),
  },
  { key: 'depositv2', component: DepositPage },
  { key: 'withdraw', component: WithdrawPage },
  {
    key: 'transferUpline',
    component: TransferUplinePage,
    shownTo: (member) => member.toUpline,
  },
  {
    key: 'personalHistoryCopy',
    component: lazy(() => import('../../features/game-records/components/betting-record-page')),
  },
  {
    key: 'transactionHistory',
    component: lazy(() => import('../../features/wallet/components/transaction-history-page')),
  },
  {
    key: 'personalProfit',
    component: lazy(() => import('../../features/game-records/components/personal-profit-page')),
  },
  {
    key: 'bonusDetails',
    component: lazy(() => import('../../features/bonus/components/bonus-details-page')),
  },
  {
    key: 'rewardCenter',
    component: lazy(() => import('../../features/bonus/components/reward-center-page')),
  },
  {
    key: 'messageV2',
    component: lazy(() => import('../../features/messages/components/messages-page')),
  },
  {
    key: 'referral',
    component: lazy(() => import('../../features/referral/components/referral-page')),
    whenSwitch: 'referralPromo',
  },
  {
    key: 'missionLeaderboard',
    component: MissionsPage,
    badge: lazy(() => import('../../features/missions/components/mission-count-badge')),
  },
];
