import { CloseButton, Group, Paper, Stack, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HelpCenter } from '../../features/content/components/help-center';
import { useSession } from '../../features/session/hooks/use-session';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useAuthModals } from '../auth-modals/auth-modals-context';

const FeedbackForm = lazyWithRetry(
  () => import('../../features/feedback/components/feedback-form'),
);

/** SPEC §2 /help: the help centre (its w_help banners come from the layout's RouteBanner); closing returns home. Loaded lazily. */
export default function HelpPage() {
  const { t } = useTranslation('content');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const { open } = useAuthModals();
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('help_center')}
            </Title>
            <CloseButton aria-label={t('close')} onClick={() => void navigate('/')} />
          </Group>
          <HelpCenter hash={hash} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Suspense fallback={null}>
          <FeedbackForm isLoggedIn={isLoggedIn} onLogin={() => open('login')} />
        </Suspense>
      </Paper>
    </Stack>
  );
}
