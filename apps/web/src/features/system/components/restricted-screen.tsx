import type { SystemStatus } from '@app/contract/client';
import { Button, Center, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredNotice, NoticeText } from '../../../components/centered-notice';
import { ShieldIcon } from '../../../components/icons';
import { openContactWindow } from '../lib/contact-window';

/**
 * SPEC §2: the region-block page replaces the site and shows the visitor's IP and country,
 * with why the site refuses them.
 */
export function RestrictedScreen({
  location,
  customerService,
}: {
  location: SystemStatus['location'];
  customerService: SystemStatus['customerService'];
}) {
  const { t } = useTranslation('system');
  return (
    <main>
      <CenteredNotice icon={<ShieldIcon size={36} />} title={t('restricted_title')} color="red">
        <NoticeText>{t('restricted_text')}</NoticeText>
        <Paper withBorder radius="md" px="lg" py="sm" data-testid="visitor-location">
          <Text size="sm" ff="monospace">
            {t('your_location', {
              ip: location.ip,
              country: location.country ?? t('unknown_country'),
            })}
          </Text>
        </Paper>
        <NoticeText>{t('restricted_explanation')}</NoticeText>
        <Center>
          <Button variant="default" onClick={() => openContactWindow(customerService)}>
            {t('contact_us')}
          </Button>
        </Center>
      </CenteredNotice>
    </main>
  );
}
