import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { DomainLines } from '../../features/system/components/domain-lines';
import { DownloadGuide } from '../../features/system/components/download-guide';
import { useDownloadTexts } from '../../lib/download-texts';

/**
 * SPEC §2 /download: the add-to-home-screen guide with the app QR codes, and the line
 * selection (the merchant's domains with their measured speed). Loaded lazily.
 */
export default function DownloadPage() {
  useDownloadTexts();
  const { t } = useTranslation('download');
  const { data: status } = useSystemStatus();
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('intro', { site: status?.merchant.name ?? '' })}
        </Text>
      </div>
      <DownloadGuide resources={status?.resources ?? []} />
      <DomainLines />
    </Stack>
  );
}
