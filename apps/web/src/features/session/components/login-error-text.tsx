import { errorText } from '@app/web-shared/error-text';
import { useTranslation } from 'react-i18next';

/** A failed login's text; a throttled one also says how long to wait (`errorText` adds it). */
export function LoginErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation(['errors', 'validation']);
  return <>{errorText(t, error)}</>;
}
