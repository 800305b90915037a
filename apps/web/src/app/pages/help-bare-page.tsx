import { Box, Center, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { HelpCenter } from '../../features/content/components/help-center';
import { useSystemStatus } from '../../features/system/api/use-system-status';

/**
 * SPEC §2 /helpmc: the help centre alone, without header, side menu or footer (for embedding
 * in an app). The status call comes first: it names the merchant. Loaded lazily.
 */
export default function HelpBarePage() {
  const { t } = useTranslation('content');
  const { hash } = useLocation();
  const { data: status, isError } = useSystemStatus();
  if (!status && !isError) return <PageLoader fullScreen />;
  return (
    <Box component="main" p={{ base: 'md', sm: 'xl' }} maw={900} mx="auto">
      <Center mb="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('help_center')}
        </Title>
      </Center>
      <HelpCenter hash={hash} />
    </Box>
  );
}
