import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RegisterForm } from '../../features/registration/components/register-form';
import { useEstablishSession } from '../../features/session/hooks/use-session';
import SocialSignInButtons from '../../features/social-sign-in/components/social-sign-in-buttons';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { useRegisteredHandler } from '../auth-modals/use-registered-handler';
import { promoDetailPath } from './use-promotions-access';

const RegisterCarousel = lazy(
  () => import('../../features/promotions/components/register-carousel'),
);

/** SPEC §2 /register: heading, the form in page mode, a link back home. Loaded lazily. */
export default function RegisterPage() {
  const { t } = useTranslation('registration');
  const establish = useEstablishSession();
  const onRegistered = useRegisteredHandler();
  const { data: status } = useSystemStatus();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={520} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('create_account')}
          </Title>
          <Anchor component={Link} to="/" size="sm">
            {t('back_home')}
          </Anchor>
        </Group>
        <Suspense fallback={null}>
          <RegisterCarousel detailPath={promoDetailPath} />
        </Suspense>
        <RegisterForm mode="page" onSession={establish} onRegistered={onRegistered} />
        {status?.whiteLabel.socialSignIn && <SocialSignInButtons />}
      </Stack>
    </Paper>
  );
}
