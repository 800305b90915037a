import { Modal, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HelpCenter } from '../../features/content/components/help-center';
import { useSession } from '../../features/session/hooks/use-session';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { MODAL_WIDTH } from '../../lib/theme';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { HomePage } from './home-page';

const FeedbackForm = lazyWithRetry(
  () => import('../../features/feedback/components/feedback-form'),
);

/**
 * SPEC §2 /help and the footer's /help#{tag}: the help modal over the home page (the modals list
 * names "help"); closing returns to /. The w_help banners come from the layout's RouteBanner.
 * Loaded lazily.
 */
export default function HelpPage() {
  const { t } = useTranslation('content');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const { open } = useAuthModals();
  return (
    <>
      <HomePage />
      <Modal
        opened
        onClose={() => void navigate('/')}
        size={MODAL_WIDTH}
        title={t('help_center')}
        closeButtonProps={{ 'aria-label': t('close') }}
        data-testid="help-modal"
      >
        <Stack gap="xl">
          <HelpCenter hash={hash} />
          <Suspense fallback={null}>
            <FeedbackForm isLoggedIn={isLoggedIn} onLogin={() => open('login')} />
          </Suspense>
        </Stack>
      </Modal>
    </>
  );
}
