import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { LoginForm } from '../../features/session/components/login-form';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useSessionToken } from '../../lib/session-token';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { registerPaths } from '../routes';

const ForgotPasswordModal = lazyWithRetry(
  () => import('../../features/session/components/forgot-password-modal'),
);

/**
 * /login: the login form as a page (where login-required mode sends visitors). After a login
 * the site opens at home; an expired password opens the change-password pop-up first.
 */
export default function LoginPage() {
  const { t } = useTranslation('system');
  const { t: tr } = useTranslation('common');
  const navigate = useNavigate();
  const { open } = useAuthModals();
  const { data: status } = useSystemStatus();
  const [forgotOpen, setForgotOpen] = useState(false);
  const token = useSessionToken();
  const dialingCode = status?.merchant.smsDialingCodes[0];
  const smsLogin = status?.whiteLabel.mobileCodeLogin && dialingCode ? { dialingCode } : undefined;
  const onLoggedIn = ({ passwordExpired }: { passwordExpired: boolean }) => {
    if (passwordExpired) {
      open('changePassword');
      return;
    }
    void navigate('/');
  };
  // Already logged in (another tab, a token link): nothing to do here.
  if (token && !forgotOpen) return <Navigate to="/" replace />;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('login_page_title')}
          </Title>
          {status?.whiteLabel.directRegistration && (
            <Anchor component={Link} to={registerPaths[0] ?? '/register'} size="sm">
              {tr('register')}
            </Anchor>
          )}
        </Group>
        <LoginForm
          onLoggedIn={onLoggedIn}
          captchaAlways={status?.whiteLabel.captchaOnLogin ?? false}
          smsLogin={smsLogin}
          onForgotPassword={() => setForgotOpen(true)}
        />
      </Stack>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordModal
            opened
            onClose={() => setForgotOpen(false)}
            dialingCode={status?.whiteLabel.phoneVerification ? dialingCode : undefined}
            emailRule={status?.registerSettings.email}
            onLoggedIn={() => {
              setForgotOpen(false);
              onLoggedIn({ passwordExpired: false });
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
