import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { DomainLines } from '../../features/system/components/domain-lines';
import { DownloadGuide } from '../../features/system/components/download-guide';
import { useDownloadTexts } from '../../lib/download-texts';
import { MODAL_WIDTH } from '../../lib/theme';
import { HomePage } from './home-page';

/**
 * SPEC §2 /download: the download modal over the home page (the modals list names
 * "download"): the add-to-home-screen guide with the app QR codes, and the line selection (the
 * merchant's domains with their measured speed). Closing returns to /. Loaded lazily.
 */
export default function DownloadPage() {
  useDownloadTexts();
  const { t } = useTranslation('download');
  const { t: tc } = useTranslation('content');
  const navigate = useNavigate();
  const { data: status } = useSystemStatus();
  return (
    <>
      <HomePage />
      <Modal
        opened
        onClose={() => void navigate('/')}
        size={MODAL_WIDTH}
        title={t('title')}
        closeButtonProps={{ 'aria-label': tc('close') }}
        data-testid="download-modal"
      >
        <Stack gap="lg">
          <Text c="dimmed">{t('intro', { site: status?.merchant.name ?? '' })}</Text>
          <DownloadGuide resources={status?.resources ?? []} />
          <DomainLines />
        </Stack>
      </Modal>
    </>
  );
}
