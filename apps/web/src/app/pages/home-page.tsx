import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FreePlayButton } from '../../features/session/components/free-play-button';
import { useSession } from '../../features/session/hooks/use-session';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useAuthModals } from '../auth-modals/auth-modals-context';

// The game rows (categories, hot, popular, winners) come after the first screen, lazily.
const HomeGames = lazyWithRetry(() => import('../games/home-games'));

/** Home: the welcome area, then the game rows (the banners are drawn by the layout). */
export function HomePage() {
  const { t } = useTranslation('common');
  const { data: status } = useSystemStatus();
  const { member, isLoggedIn } = useSession();
  const { open, close } = useAuthModals();
  const site = status?.merchant.name ?? t('site_name_fallback');

  return (
    <Stack gap="xl" maw={960} mx="auto">
      {/* The home banners (group `home`) are shown by the layout's RouteBanner. */}
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 48 }}
        w="100%"
        style={{
          backgroundImage:
            'linear-gradient(135deg, var(--mantine-primary-color-light) 0%, transparent 70%)',
        }}
      >
        <Stack gap="md" maw={560}>
          <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
            {t('welcome_title', { site })}
          </Title>
          <Text size="lg" c="dimmed">
            {t('welcome_text')}
          </Text>
          {isLoggedIn && member ? (
            <Text fw={600}>{t('welcome_member', { name: member.nickname || member.account })}</Text>
          ) : (
            <>
              <Text>{t('welcome_guest_cta')}</Text>
              <Group gap="sm">
                {status?.whiteLabel.directRegistration && (
                  <Button size="md" onClick={() => open('register')}>
                    {t('register')}
                  </Button>
                )}
                <Button size="md" variant="default" onClick={() => open('login')}>
                  {t('login')}
                </Button>
                {status?.whiteLabel.freePlay && <FreePlayButton size="md" onStarted={close} />}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        <HomeGames />
      </Suspense>
    </Stack>
  );
}
