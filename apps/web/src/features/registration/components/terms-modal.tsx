import { Button, Center, Loader, Modal, ScrollArea, Stack, Text, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../lib/theme';
import { useTerms } from '../api/use-terms';

/** How tall the terms may grow before they scroll inside the modal. */
const TERMS_MAX_HEIGHT_PX = 420;

/**
 * The merchant's terms and conditions, opened from the registration's terms box (issue 22
 * item 14). A lazy chunk; over the register pop-up when the form is in one.
 */
export default function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('registration');
  const terms = useTerms(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={terms.data?.title ?? t('terms_title')}
      size={MODAL_WIDTH}
      centered
      closeButtonProps={{ 'aria-label': t('terms_close') }}
    >
      <Stack gap="md">
        {terms.isPending ? (
          <Center mih={120}>
            <Loader aria-label={t('terms_loading')} />
          </Center>
        ) : terms.data ? (
          <ScrollArea.Autosize mah={TERMS_MAX_HEIGHT_PX} type="auto">
            <Typography data-testid="terms-content">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes help articles when saved and again when served */}
              <div dangerouslySetInnerHTML={{ __html: terms.data.content }} />
            </Typography>
          </ScrollArea.Autosize>
        ) : (
          <Text c="dimmed">{t('terms_missing')}</Text>
        )}
        <Button onClick={onClose}>{t('terms_close')}</Button>
      </Stack>
    </Modal>
  );
}
