import type { SystemStatus } from '@app/contract/client';
import { Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredNotice, NoticeText } from '../../../components/centered-notice';
import { Icon, type IconProps } from '../../../components/icons';
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

/** Only this lazy screen draws it: kept out of the initial chunk, where components/icons.tsx is. */
function ToolIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z" />
    </Icon>
  );
}
