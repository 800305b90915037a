import { errorText } from '@app/web-shared/error-text';
import { Alert, CloseButton, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { exchangeSocialLoginCode } from '../api/social-api';
import { SOCIAL_ERROR_PARAM, SOCIAL_LOGIN_PARAM } from '../social-params';

const LOGIN_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const ERROR_CODE_PATTERN = /^[A-Z_]{1,64}$/;

/**
 * Trades `?socialLogin=` for a session (stored like any login) and takes the code out of the
 * address at once; shows `?socialError=` (or a failed trade) as a translated message.
 */
export default function SocialReturnHandler({
  onSession,
}: {
  onSession: (token: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(['social', 'errors']);
  const [searchParams, setSearchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(() => {
    const code = searchParams.get(SOCIAL_ERROR_PARAM);
    return code && ERROR_CODE_PATTERN.test(code)
      ? t(`errors:${code}`, { defaultValue: t('errors:SOCIAL_SIGN_IN_FAILED') })
      : null;
  });
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = searchParams.get(SOCIAL_LOGIN_PARAM);
    const next = new URLSearchParams(searchParams);
    next.delete(SOCIAL_LOGIN_PARAM);
    next.delete(SOCIAL_ERROR_PARAM);
    // The code is single use; out of the address before anything else (history, sharing).
    setSearchParams(next, { replace: true });
    if (!code) return;
    if (!LOGIN_CODE_PATTERN.test(code)) {
      setFailure(t('errors:SOCIAL_LOGIN_CODE_INVALID'));
      return;
    }
    setBusy(true);
    exchangeSocialLoginCode(code)
      .then((session) => onSession(session.token))
      .catch((error: unknown) => setFailure(errorText(t, error)))
      .finally(() => setBusy(false));
  }, [searchParams, setSearchParams, onSession, t]);

  if (busy) {
    return (
      <Alert color="blue" variant="light" mb="md" role="status">
        <Group gap="sm" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm">{t('signing_in')}</Text>
        </Group>
      </Alert>
    );
  }
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" mb="md" role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {failure}
        </Text>
        <CloseButton aria-label={t('dismiss')} onClick={() => setFailure(null)} />
      </Group>
    </Alert>
  );
}
