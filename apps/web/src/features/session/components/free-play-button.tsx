import { errorText } from '@app/web-shared/error-text';
import { Button, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionKeys, writeSession } from '../../../lib/storage';
import { startFreePlay } from '../api/free-play';
import { useEstablishSession } from '../hooks/use-session';

/**
 * "Free demo" in the header (SPEC §2, only when the merchant's freePlay switch is on): a new
 * trial account with play money. Success (SPEC §4): info loaded, cpw cleared, then `onStarted`
 * closes the pop-ups and goes home.
 */
export function FreePlayButton({
  onStarted,
  size,
  visibleFrom,
}: {
  onStarted: () => void;
  size?: 'sm' | 'md';
  /** The header hides it on phones (no room); the home page shows it there. */
  visibleFrom?: 'sm';
}) {
  const { t } = useTranslation(['access', 'errors']);
  const establish = useEstablishSession();
  const start = useMutation({
    mutationFn: async () => {
      const session = await startFreePlay();
      await establish(session.token);
      writeSession(sessionKeys.cpw, null);
    },
    onSuccess: onStarted,
  });
  // The header has no room for a message: a refusal (limit reached, switched off) turns the
  // button red, with the reason as its tooltip and for screen readers.
  const failure = start.isError ? errorText(t, start.error) : undefined;
  return (
    <>
      <Button
        size={size}
        visibleFrom={visibleFrom}
        variant="light"
        color={failure ? 'red' : undefined}
        title={failure}
        onClick={() => start.mutate()}
        loading={start.isPending}
      >
        {t('free_demo')}
      </Button>
      {failure && <VisuallyHidden role="alert">{failure}</VisuallyHidden>}
    </>
  );
}
