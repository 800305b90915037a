import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callAdmin } from '../../lib/api-client';
import { setSignOutNotice, useAdoptSession, useConsoleSession } from '../../lib/console-session';
import { logoutRoute } from '../../lib/shell-calls';
import { LanguageSwitch } from './language-switch';
import { MerchantSwitch } from './merchant-switch';

function ThemeIcon({ dark }: { dark: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      {dark ? (
        <path d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0-5 1.5 3h-3L12 2zm0 20-1.5-3h3L12 22zM2 12l3-1.5v3L2 12zm20 0-3 1.5v-3l3 1.5z" />
      ) : (
        <path d="M20 15.5A8.5 8.5 0 0 1 8.5 4a8.5 8.5 0 1 0 11.5 11.5z" />
      )}
    </svg>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const dark = scheme === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      aria-label={dark ? t('shell.lightTheme') : t('shell.darkTheme')}
      data-testid="theme-toggle"
    >
      <ThemeIcon dark={dark} />
    </ActionIcon>
  );
}

/** Signs out on the server (the cookie is cleared there), then forgets the session here. */
function useSignOut() {
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  return {
    pending,
    signOut: async () => {
      setPending(true);
      try {
        await callAdmin(logoutRoute);
      } catch {
        // Already gone on the server (expired, revoked): forgetting it here is all that is left.
      } finally {
        setPending(false);
      }
      setSignOutNotice('signed-out');
      adopt(null);
      navigate('/sign-in', { replace: true });
    },
  };
}

export function ConsoleTopBar({ burger }: { burger: ReactNode }) {
  const { t } = useTranslation();
  const { data: session } = useConsoleSession();
  const { signOut, pending } = useSignOut();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {burger}
        <Text fw={700}>{t('shell.title')}</Text>
        <MerchantSwitch />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {session && (
          <>
            <Text size="sm" data-testid="operator-name" visibleFrom="xs">
              {session.operator.username}
            </Text>
            <Badge data-testid="operator-role">{t(`roles.${session.operator.role}`)}</Badge>
          </>
        )}
        <LanguageSwitch />
        <ThemeToggle />
        <Button variant="default" onClick={signOut} loading={pending} data-testid="sign-out">
          {t('shell.signOut')}
        </Button>
      </Group>
    </Group>
  );
}
