import type { SystemStatus } from '@app/contract/client';
import { Button, Center } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredNotice, NoticeText } from '../components/centered-notice';
import { ShieldIcon } from '../components/icons';
import { PageLoader } from '../components/page-loader';
import { useSystemStatus } from '../features/system/api/use-system-status';
import { MaintenanceScreen } from '../features/system/components/maintenance-screen';
import { RestrictedScreen } from '../features/system/components/restricted-screen';
import { errorText } from '../lib/error-text';
import { AuthModalsProvider } from './auth-modals/auth-modals-context';
import { AppLayout } from './layout/app-layout';

// SPEC §4 status codes (the contract's `systemStatusCodes` lives beside zod schemas).
const MAINTENANCE: SystemStatus['status'] = 1;
const REGION_RESTRICTED: SystemStatus['status'] = 2;

/**
 * Loads the site's status first: maintenance and region restriction replace the whole site
 * (maintenance first, SPEC §4); otherwise the frame with the page of the route.
 */
export function SiteFrame() {
  const { t } = useTranslation('common');
  const { data: status, error, refetch, isFetching } = useSystemStatus();
  const siteName = status?.merchant.name ?? t('site_name_fallback');

  useEffect(() => {
    document.title = siteName;
  }, [siteName]);

  if (status) {
    if (status.status === MAINTENANCE || status.maintenance) return <MaintenanceScreen />;
    if (status.status === REGION_RESTRICTED || status.regionRestricted) {
      return <RestrictedScreen location={status.location} />;
    }
    return (
      <AuthModalsProvider>
        <AppLayout siteName={siteName} />
      </AuthModalsProvider>
    );
  }
  if (error) {
    return (
      <CenteredNotice icon={<ShieldIcon size={36} />} title={t('load_failed_title')} color="red">
        <NoticeText>{errorText(t, error)}</NoticeText>
        <Center>
          <Button loading={isFetching} onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Center>
      </CenteredNotice>
    );
  }
  return <PageLoader fullScreen />;
}
