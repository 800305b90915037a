import { PASSWORD_RESET_TOKEN_LENGTH } from '@app/contract/client';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/session/components/reset-password-form';
import { useSmsTexts } from '../../lib/sms-texts';
import { useAuthModals } from '../auth-modals/auth-modals-context';

/**
 * `/reset-password?token=`: the page a forgot-password e-mail links to. A new password, its
 * confirmation; then the message and the login pop-up. Loaded lazily.
 */
export default function ResetPasswordPage() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      <Suspense fallback={null}>
        <ResetPasswordContent />
      </Suspense>
    </Paper>
  );
}

function ResetPasswordContent() {
  useSmsTexts();
  const { t } = useTranslation('sms');
  const [params] = useSearchParams();
  const { open } = useAuthModals();
  const [done, setDone] = useState(false);
  const token = params.get('token')?.trim() ?? '';
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {t('reset_page_title')}
      </Title>
      {done ? (
        <>
          <Alert color="green" variant="light" role="status">
            {t('reset_page_done')}
          </Alert>
          <Button onClick={() => open('login')}>{t('reset_page_login')}</Button>
        </>
      ) : token.length === PASSWORD_RESET_TOKEN_LENGTH ? (
        <ResetPasswordForm
          token={token}
          onDone={() => {
            setDone(true);
            open('login');
          }}
        />
      ) : (
        <Alert color="red" variant="light" role="alert">
          {t('reset_page_no_token')}
        </Alert>
      )}
    </Stack>
  );
}
