import { AppShell, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HomeIcon } from '../../components/icons';
import { LanguagePicker } from '../../features/system/components/language-picker';
import { homePaths } from '../routes';

/** The side menu (SPEC §2): Home for now; game categories and the rest come with their issues. */
export function LeftBar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('common');
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
      </AppShell.Section>
      <AppShell.Section>
        <Stack gap="sm" pt="sm">
          <LanguagePicker />
        </Stack>
      </AppShell.Section>
    </>
  );
}
