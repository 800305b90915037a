import type { SystemStatus } from '@app/contract/client';
import { Modal } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { MODAL_WIDTH } from '../../../lib/theme';
import { LoginForm, type LoginFormProps } from './login-form';

// The forgot-password pop-up opens from the login form, so it lives with it.
const ForgotPasswordModal = lazyWithRetry(() => import('./forgot-password-modal'));

export interface LoginModalProps extends Omit<LoginFormProps, 'smsLogin' | 'onForgotPassword'> {
  opened: boolean;
  onClose: () => void;
  /** The merchant's switches: SMS login and forgot password by phone (SPEC §2). */
  status?: Pick<SystemStatus, 'whiteLabel' | 'merchant' | 'registerSettings'> | undefined;
  /** Social sign-in buttons under the form (SPEC §2), composed by the app. */
  socialSignIn?: ReactNode;
  /** Opens customer service (the forgot-password answer points there); absent: none. */
  onContactService?: (() => void) | undefined;
}

/**
 * The login pop-up (SPEC §2 loginPopupModal). The username/SMS switcher shows only when SMS
 * login is on; "Forgot password?" opens the forgot-password pop-up: the e-mail tab always, the
 * mobile tab when phone verification is on.
 */
export default function LoginModal({
  opened,
  onClose,
  status,
  socialSignIn,
  onContactService,
  ...formProps
}: LoginModalProps) {
  const { t } = useTranslation('session');
  const [forgotOpen, setForgotOpen] = useState(false);
  // Codes need a dialling code to send to.
  const dialingCode = status?.merchant.smsDialingCodes[0];
  const smsLogin = status?.whiteLabel.mobileCodeLogin && dialingCode ? { dialingCode } : undefined;
  const phoneReset = status?.whiteLabel.phoneVerification ? dialingCode : undefined;
  const closeAll = () => {
    setForgotOpen(false);
    onClose();
  };
  return (
    <>
      <Modal
        opened={opened && !forgotOpen}
        onClose={closeAll}
        title={t('login_title')}
        size={MODAL_WIDTH}
        centered
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {opened && !forgotOpen && (
          <LoginForm
            {...formProps}
            smsLogin={smsLogin}
            onForgotPassword={() => setForgotOpen(true)}
          />
        )}
        {opened && !forgotOpen && socialSignIn}
      </Modal>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            opened={opened}
            onClose={closeAll}
            dialingCode={phoneReset}
            emailRule={status?.registerSettings.email}
            onContactService={onContactService}
            onLoggedIn={() => {
              // SPEC §4: logged in, info loaded, modal closed, home.
              setForgotOpen(false);
              formProps.onLoggedIn({ passwordExpired: false });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
