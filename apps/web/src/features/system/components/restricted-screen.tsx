import type { SystemStatus } from '@app/contract/client';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredNotice, NoticeText } from '../../../components/centered-notice';
import { ShieldIcon } from '../../../components/icons';

export function RestrictedScreen({ location }: { location: SystemStatus['location'] }) {
  const { t } = useTranslation('system');
  return (
    <CenteredNotice icon={<ShieldIcon size={36} />} title={t('restricted_title')} color="red">
      <NoticeText>{t('restricted_text')}</NoticeText>
      <Text size="sm" ff="monospace">
        {t('your_location', {
          ip: location.ip,
          country: location.country ?? t('unknown_country'),
        })}
      </Text>
    </CenteredNotice>
  );
}
