import { Box, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Below the fold: the help list and its query load after the page.
const FooterHelpList = lazy(() => import('../../features/content/components/footer-help-list'));

export function AppFooter({ siteName }: { siteName: string }) {
  const { t } = useTranslation('common');
  const { t: tc } = useTranslation('content');
  return (
    <Box
      component="footer"
      py="lg"
      px="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group
        component="nav"
        aria-label={tc('help_center')}
        justify="center"
        gap="md"
        mb="md"
        mih={24}
        data-testid="footer-help"
      >
        <Suspense fallback={null}>
          <FooterHelpList />
        </Suspense>
      </Group>
      <Text size="sm" c="dimmed" ta="center">
        {t('copyright', { year: new Date().getFullYear(), site: siteName })}
      </Text>
    </Box>
  );
}
