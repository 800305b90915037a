import type { SystemStatus } from '@app/contract/client';
import { Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredNotice, NoticeText } from '../../../components/centered-notice';
import { ToolIcon } from '../../../components/icons';
import { openContactWindow } from '../lib/contact-window';

/**
 * SPEC §2: the maintenance page replaces the site; "contact us" opens customer service. The
 * operator's message for the page's language (console, Settings) replaces the standard text.
 */
export function MaintenanceScreen({
  customerService,
  message,
}: {
  customerService: SystemStatus['customerService'];
  message?: string | undefined;
}) {
  const { t } = useTranslation('system');
  return (
    <main>
      <CenteredNotice icon={<ToolIcon size={36} />} title={t('maintenance_title')}>
        <NoticeText>{message || t('maintenance_text')}</NoticeText>
        <Center>
          <Button onClick={() => openContactWindow(customerService)}>{t('contact_us')}</Button>
        </Center>
      </CenteredNotice>
    </main>
  );
}
