import { AppShell, NavLink, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HomeIcon } from '../../components/icons';
import { LanguagePicker } from '../../features/system/components/language-picker';
import { homePaths } from '../routes';
import { openAnnouncements } from './announcements-button';

// Game categories (from the game menus) load after the first screen, in their own chunk.
const LeftBarGames = lazy(() => import('../games/left-bar-games'));

function SupportIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM20 14h-3v5h3zM17 19a4 3 0 0 1-4 2h-1" />
    </svg>
  );
}

/** The side menu (SPEC §2): Home for now; game categories and the rest come with their issues. */
export function LeftBar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const { t: tc } = useTranslation('content');
  const { pathname } = useLocation();
  return (
    <>
      <AppShell.Section grow component="nav" aria-label={t('nav_main')}>
        <NavLink
          component={Link}
          to="/"
          label={t('nav_home')}
          leftSection={<HomeIcon size={18} />}
          active={homePaths.includes(pathname)}
          onClick={onNavigate}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
        <Suspense fallback={null}>
          <LeftBarGames onNavigate={onNavigate} />
        </Suspense>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
          {tc('customer_services')}
        </Text>
        <NavLink
          component="button"
          label={tc('announcements')}
          leftSection={<SupportIcon />}
          onClick={() => {
            openAnnouncements();
            onNavigate();
          }}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
        <NavLink
          component={Link}
          to="/help"
          label={tc('help_center')}
          leftSection={<SupportIcon />}
          active={pathname === '/help'}
          onClick={onNavigate}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </AppShell.Section>
      <AppShell.Section>
        <Stack gap="sm" pt="sm">
          <LanguagePicker />
        </Stack>
      </AppShell.Section>
    </>
  );
}
