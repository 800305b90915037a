import type { Permission } from '@app/contract';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useCan, useConsoleSession } from '../lib/console-session';

export function PageLoader() {
  return (
    <Center mih={240}>
      <Loader aria-label="loading" />
    </Center>
  );
}

/**
 * Pages behind a session: without one, the sign-in page; with one not yet enrolled in TOTP, the
 * enrolment page (the server refuses every other call until then).
 */
export function RequireSession({
  children,
  preload,
}: {
  children: ReactNode;
  /** Starts loading the lazy layout while the session is checked, not after. */
  preload?: () => unknown;
}) {
  const { t } = useTranslation();
  const { data: session, isPending, error } = useConsoleSession();
  useEffect(() => {
    preload?.();
  }, [preload]);
  if (isPending) return <PageLoader />;
  if (error) return <Alert color="red">{errorText(t, error)}</Alert>;
  if (!session) return <Navigate to="/sign-in" replace />;
  if (!session.operator.totpEnrolled) return <Navigate to="/enrol" replace />;
  return children;
}

/** A page the role may not open: said plainly (the navigation does not link to it). */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(permission)) {
    return (
      <Alert color="yellow" data-testid="not-allowed">
        {t('shell.notAllowed')}
      </Alert>
    );
  }
  return children;
}
