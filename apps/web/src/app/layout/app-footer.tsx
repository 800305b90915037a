import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AppFooter({ siteName }: { siteName: string }) {
  const { t } = useTranslation('common');
  return (
    <Box
      component="footer"
      py="lg"
      px="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" c="dimmed" ta="center">
        {t('copyright', { year: new Date().getFullYear(), site: siteName })}
      </Text>
    </Box>
  );
}
