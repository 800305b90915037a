import { errorText } from '@app/web-shared/error-text';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The Send button waits this long before a new code (the server's resend limit). */
export const RESEND_SECONDS = 60;

/** "Send code", then a countdown until another may be asked for. */
export function CodeSender({
  send,
  disabled,
  onError,
  onSent,
}: {
  send: () => Promise<unknown>;
  disabled?: boolean;
  onError: (message: string | null) => void;
  onSent?: () => void;
}) {
  const { t } = useTranslation('security');
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => onError(null),
    onSuccess: () => {
      setSecondsLeft(RESEND_SECONDS);
      onSent?.();
    },
    onError: (error) => onError(errorText(t, error)),
  });
  return (
    <Button
      variant="light"
      onClick={() => mutation.mutate()}
      loading={mutation.isPending}
      disabled={disabled || secondsLeft > 0}
      style={{ flexShrink: 0 }}
    >
      {secondsLeft > 0 ? t('resend_in', { seconds: secondsLeft }) : t('send_code')}
    </Button>
  );
}
