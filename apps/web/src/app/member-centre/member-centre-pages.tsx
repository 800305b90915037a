import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, useState } from 'react';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { walletCentreKey } from '../../features/wallet/api/use-wallet-centre';
import { lazyWithRetry } from '../../lib/lazy-with-retry';

/**
 * The member centre's pages (SPEC §2 "Personal centre menu"), in menu order. Only pages that
 * exist are listed; adding one is one line: its SPEC page key, its menu text in `centre.json`
 * (`page_<key>`), and a lazy component. Every page is its own chunk.
 */
export interface MemberCentrePage {
  /** SPEC page key, e.g. `transferFund`; also the `page_<key>` text of `centre.json`. */
  key: string;
  component: ComponentType;
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

function noop() {}

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
  {
    key: 'transferFund',
    component: lazy(() => import('../../features/wallet/components/my-wallet-page')),
  },
  { key: 'depositv2', component: DepositPage },
  { key: 'withdraw', component: WithdrawPage },
  { key: 'transferUpline', component: TransferUplinePage },
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
];
