import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useConsoleSession } from '../../lib/console-session';

/**
 * The console's first page: the dashboard when the role may read it, else a greeting (a content
 * operator's pages come with the content issue).
 */
export default function HomePage({ dashboard }: { dashboard: ReactNode }) {
  const { t } = useTranslation();
  const can = useCan();
  const { data: session } = useConsoleSession();
  if (can('dashboard:read')) return dashboard;
  return (
    <Stack>
      <Title order={2}>{t('home.title', { username: session?.operator.username ?? '' })}</Title>
      <Text c="dimmed">{t('home.noPages')}</Text>
    </Stack>
  );
}
