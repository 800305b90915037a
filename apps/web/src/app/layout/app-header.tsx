import { Box, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '../../components/theme-toggle';
import { useSession } from '../../features/session/hooks/use-session';
import { AnnouncementsButton } from './announcements-button';
import { HeaderAccount } from './header-account';
import { SiteLogo } from './site-logo';

interface AppHeaderProps {
  siteName: string;
  navOpened: boolean;
  onToggleNav: () => void;
}

export function AppHeader({ siteName, navOpened, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const { isLoggedIn } = useSession();
  // Phones: a member's header holds the bell, balance, deposit and avatar; the logo gives way
  // (the drawer and the home link remain), the theme switch moves into the drawer.
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? t('close_menu') : t('open_menu')}
          aria-expanded={navOpened}
          aria-controls="site-left-bar"
        />
        <Box visibleFrom={isLoggedIn ? 'xs' : undefined}>
          <SiteLogo name={siteName} />
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Box visibleFrom="sm">
          <ThemeToggle toLightLabel={t('theme_to_light')} toDarkLabel={t('theme_to_dark')} />
        </Box>
        <AnnouncementsButton />
        <HeaderAccount />
      </Group>
    </Group>
  );
}
