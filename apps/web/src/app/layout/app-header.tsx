import { Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '../../components/theme-toggle';
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
        <SiteLogo name={siteName} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ThemeToggle toLightLabel={t('theme_to_light')} toDarkLabel={t('theme_to_dark')} />
        <AnnouncementsButton />
        <HeaderAccount />
      </Group>
    </Group>
  );
}
