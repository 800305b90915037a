import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useEstablishSession } from '../../features/session/hooks/use-session';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { clearSession } from '../../lib/session-token';
import {
  finishAutoDialog,
  requestAutoDialog,
  useAutoDialogTurn,
} from '../auto-dialogs/auto-dialog-queue';
import { useCustomerService } from '../layout/use-customer-service';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { type AuthModal, useAuthModals } from './auth-modals-context';
import { useSocialSignInSlot } from './social-sign-in-slot';
import { useRegisteredHandler } from './use-registered-handler';

// The forms and their libraries load only when a pop-up is first asked for.
const LoginModal = lazyWithRetry(() => import('../../features/session/components/login-modal'));
const RegisterModal = lazyWithRetry(
  () => import('../../features/registration/components/register-modal'),
);
const ChangePasswordModal = lazyWithRetry(
  () => import('../../features/session/components/change-password-modal'),
);
const RegisterSuccessDialog = lazyWithRetry(
  () => import('../../features/registration/components/register-success-dialog'),
);

/** Renders the auth pop-ups; each stays mounted once loaded so that it can animate out. */
export function AuthModalsHost() {
  const { current, open, close } = useAuthModals();
  const navigate = useNavigate();
  const establish = useEstablishSession();
  const onRegistered = useRegisteredHandler();
  const { data: status } = useSystemStatus();
  const contactService = useCustomerService();
  const socialSignIn = useSocialSignInSlot();
  const [loaded, setLoaded] = useState<ReadonlySet<AuthModal>>(new Set());
  // An expired password: the change-password pop-up comes first and cannot be dismissed. It
  // and the registration's success open through the auto-dialog queue, one at a time.
  const [passwordChangeForced, setPasswordChangeForced] = useState(false);
  const forcedTurn = useAutoDialogTurn('passwordChange');
  const successTurn = useAutoDialogTurn('registerSuccess');
  const shown: AuthModal | null = forcedTurn
    ? 'changePassword'
    : successTurn
      ? 'registerSuccess'
      : current;

  useEffect(() => {
    if (shown && !loaded.has(shown)) setLoaded(new Set([...loaded, shown]));
  }, [shown, loaded]);
  const closeSuccess = () => finishAutoDialog('registerSuccess');

  const canRegister = status?.whiteLabel.directRegistration ?? false;

  return (
    <Suspense fallback={null}>
      {loaded.has('login') && (
        <LoginModal
          opened={current === 'login'}
          onClose={close}
          captchaAlways={status?.whiteLabel.captchaOnLogin ?? false}
          onContactService={contactService ?? undefined}
          onLoggedIn={({ passwordExpired }) => {
            if (passwordExpired) {
              setPasswordChangeForced(true);
              close();
              requestAutoDialog('passwordChange');
              return;
            }
            close();
            void navigate('/');
          }}
          onSwitchToRegister={canRegister ? () => open('register') : undefined}
          status={status}
          socialSignIn={socialSignIn}
        />
      )}
      {loaded.has('register') && (
        <RegisterModal
          opened={current === 'register'}
          onClose={close}
          onSession={establish}
          onRegistered={onRegistered}
          onSwitchToLogin={() => open('login')}
          socialSignIn={socialSignIn}
        />
      )}
      {loaded.has('changePassword') && (
        <ChangePasswordModal
          opened={shown === 'changePassword'}
          forced={passwordChangeForced}
          onClose={close}
          onChanged={() => {
            // The server ended every session of the member, this one too (SPEC §4).
            setPasswordChangeForced(false);
            finishAutoDialog('passwordChange');
            clearSession();
            open('login');
          }}
        />
      )}
      {loaded.has('registerSuccess') && (
        <RegisterSuccessDialog
          opened={successTurn}
          onClose={closeSuccess}
          onDeposit={() => {
            closeSuccess();
            openMemberCentre('depositv2');
          }}
        />
      )}
    </Suspense>
  );
}
