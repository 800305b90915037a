import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import { useTranslation } from 'react-i18next';

/** A failed login's text; a throttled one also says how long to wait (LOGIN_THROTTLED). */
export function LoginErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation(['errors', 'access']);
  const seconds =
    isApiError(error) && error.errorCode === 'LOGIN_THROTTLED'
      ? error.details?.retryAfterSeconds
      : undefined;
  return (
    <>
      {errorText(t, error)}
      {typeof seconds === 'number' && ` ${t('access:retry_in_seconds', { seconds })}`}
    </>
  );
}
