import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';

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
