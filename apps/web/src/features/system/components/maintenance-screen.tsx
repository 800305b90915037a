import { useTranslation } from 'react-i18next';
import { CenteredNotice, NoticeText } from '../../../components/centered-notice';
import { ToolIcon } from '../../../components/icons';

export function MaintenanceScreen() {
  const { t } = useTranslation('system');
  return (
    <CenteredNotice icon={<ToolIcon size={36} />} title={t('maintenance_title')}>
      <NoticeText>{t('maintenance_text')}</NoticeText>
    </CenteredNotice>
  );
}
