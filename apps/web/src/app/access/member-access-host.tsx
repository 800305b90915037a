import { memberTypes } from '@app/contract/client';
import { Suspense, useEffect, useState } from 'react';
import { useSession } from '../../features/session/hooks/use-session';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { readSession, sessionKeys, writeSession } from '../../lib/storage';
import { hideTrialWarning, useTrialWarningShown } from '../../lib/trial-warning';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import {
  finishAutoDialog,
  requestAutoDialog,
  useAutoDialogTurn,
} from '../auto-dialogs/auto-dialog-queue';

// Pop-ups that most visits never show: each loads the first time it is needed.
const TrialWarningDialog = lazyWithRetry(
  () => import('../../features/session/components/trial-warning-dialog'),
);
const FirstLoginDialog = lazyWithRetry(
  () => import('../../features/session/components/first-login-dialog'),
);
const DepositModal = lazyWithRetry(
  () => import('../../features/payments/components/deposit-modal'),
);

/** The trial warning (SPEC §6) and the first-login welcome (SPEC §4), for the whole site. */
export function MemberAccessHost() {
  const trialWarning = useTrialWarningShown();
  const { member } = useSession();
  const { current, open } = useAuthModals();
  const [depositOpened, setDepositOpened] = useState(false);
  // The welcome is the last of the dialogs that open by themselves (auto-dialog queue).
  const welcomeTurn = useAutoDialogTurn('welcome');
  const closeWelcome = () => finishAutoDialog('welcome');

  // Once logged in and past any forced password change: the first login's welcome, once.
  useEffect(() => {
    if (!member || current !== null || readSession(sessionKeys.firstLogin) !== '1') return;
    writeSession(sessionKeys.firstLogin, null);
    if (member.type !== memberTypes.trial) requestAutoDialog('welcome');
  }, [member, current]);

  return (
    <Suspense fallback={null}>
      {trialWarning && (
        <TrialWarningDialog
          opened
          onClose={hideTrialWarning}
          onRegister={() => {
            hideTrialWarning();
            open('register');
          }}
        />
      )}
      {welcomeTurn && (
        <FirstLoginDialog
          onClose={closeWelcome}
          onDeposit={() => {
            closeWelcome();
            setDepositOpened(true);
          }}
        />
      )}
      {depositOpened && <DepositModal opened onClose={() => setDepositOpened(false)} />}
    </Suspense>
  );
}
