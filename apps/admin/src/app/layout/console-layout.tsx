import { AppShell, Burger, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, NavLink as RouterLink, useLocation } from 'react-router';
import { useConsoleSession } from '../../lib/console-session';
import { visibleNavigation } from '../navigation';
import { ConsoleTopBar } from './console-top-bar';
import { useIdleExpiry } from './use-idle-expiry';

const HEADER_HEIGHT_PX = 56;
const NAVBAR_WIDTH_PX = 240;

/** The left navigation: only the pages the operator's role may open, by group. */
export function ConsoleNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: session } = useConsoleSession();
  const { pathname } = useLocation();
  const groups = visibleNavigation(session?.permissions ?? []);
  return (
    <Stack gap="md" component="nav" aria-label={t('nav.label')}>
      {groups.map(({ group, items }) => (
        <Stack key={group} gap={2} data-testid={`nav-group-${group}`}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
            {t(`nav.groups.${group}`)}
          </Text>
          {items.map((item) => (
            <NavLink
              key={item.key}
              component={RouterLink}
              to={item.path}
              end={item.path === '/'}
              label={t(`nav.${item.key}`)}
              active={item.path === '/' ? pathname === '/' : pathname.startsWith(item.path)}
              onClick={onNavigate}
              data-testid={`nav-${item.key}`}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

export default function ConsoleLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  useIdleExpiry();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT_PX }}
      navbar={{ width: NAVBAR_WIDTH_PX, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <ConsoleTopBar
          burger={<Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" />}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ScrollArea>
          <ConsoleNavigation onNavigate={close} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
