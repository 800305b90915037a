import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredNotice, NoticeText, noticeButtonClass } from '../../components/centered-notice';
import { GlobeIcon } from '../../components/icons';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <CenteredNotice icon={<GlobeIcon size={36} />} title={t('not_found_title')}>
      <NoticeText>{t('not_found_text')}</NoticeText>
      <Link className={noticeButtonClass} to="/">
        {t('back_home')}
      </Link>
    </CenteredNotice>
  );
}
