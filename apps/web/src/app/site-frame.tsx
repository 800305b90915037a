import { systemStatusCodes } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { CenteredNotice, NoticeButton, NoticeText } from '../components/centered-notice';
import { ShieldIcon } from '../components/icons';
import { PageLoader } from '../components/page-loader';
import { useSystemStatus } from '../features/system/api/use-system-status';
import { currentLanguageCode } from '../lib/i18n';
import { lazyStartedNow, lazyWithRetry } from '../lib/lazy-with-retry';
import { useSessionToken } from '../lib/session-token';
import { AuthModalsProvider } from './auth-modals/auth-modals-context';
import { loginRedirectOf } from './routes';
import { WithUiKit } from './ui-kit';

// The header, left bar, footer and their hosts: every page of the frame shows them, but they
// are not in the initial chunk, so that what they grow by does not weigh on every first load
// (apps/web/scripts/size-budget.ts). Their download starts with this module.
const AppLayout = lazyStartedNow(() =>
  import('./layout/app-layout').then((module) => ({ default: module.AppLayout })),
);

// Shown only during maintenance (which the server never paints): off the first screen's code.
const MaintenanceScreen = lazyWithRetry(() =>
  import('../features/system/components/maintenance-screen').then((module) => ({
    default: module.MaintenanceScreen,
  })),
);
// Shown only to visitors of a blocked region: not worth a place on everyone's first screen.
const RestrictedScreen = lazyWithRetry(() =>
  import('../features/system/components/restricted-screen').then((module) => ({
    default: module.RestrictedScreen,
  })),
);

/**
 * Loads the site's status first (and polls it): maintenance and region restriction replace the
 * whole site (maintenance first, SPEC §4); in login-required mode a visitor without a session
 * goes to /login (SPEC §2); otherwise the frame with the page of the route.
 */
export function SiteFrame() {
  const { t } = useTranslation('common');
  const { data: status, error, refetch, isFetching } = useSystemStatus();
  const siteName = status?.merchant.name ?? t('site_name_fallback');
  const token = useSessionToken();
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = siteName;
  }, [siteName]);

  if (status) {
    if (status.status === systemStatusCodes.maintenance) {
      return (
        <WithUiKit>
          <MaintenanceScreen
            customerService={status.customerService}
            message={status.maintenanceMessages?.[currentLanguageCode()]}
          />
        </WithUiKit>
      );
    }
    if (status.status === systemStatusCodes.regionRestricted) {
      return (
        <WithUiKit fullScreenLoader={false}>
          <RestrictedScreen location={status.location} customerService={status.customerService} />
        </WithUiKit>
      );
    }
    const loginRedirect = loginRedirectOf({
      loginRequired: status.whiteLabel.loginRequiredHome,
      hasToken: token !== null,
      pathname,
    });
    if (loginRedirect) return <Navigate to={loginRedirect} replace />;
    return (
      <AuthModalsProvider>
        {/* One boundary for the kit and the layout, which load side by side. */}
        <WithUiKit>
          <AppLayout siteName={siteName} />
        </WithUiKit>
      </AuthModalsProvider>
    );
  }
  if (error) {
    return (
      <CenteredNotice icon={<ShieldIcon size={36} />} title={t('load_failed_title')} color="red">
        <NoticeText>{errorText(t, error)}</NoticeText>
        <NoticeButton busy={isFetching} onClick={() => void refetch()}>
          {t('retry')}
        </NoticeButton>
      </CenteredNotice>
    );
  }
  return <PageLoader fullScreen />;
}
