import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INHOUSE_NAMESPACE } from './inhouse-texts';
import { AUTOPLAY_ROUNDS, type useAutoplay } from './use-autoplay';

/** Shown only when the merchant allows autoplay (off by default). */
export function AutoplayButton({
  autoplay,
  disabled,
}: {
  autoplay: ReturnType<typeof useAutoplay>;
  disabled: boolean;
}) {
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  return autoplay.running ? (
    <Button variant="outline" color="red" onClick={autoplay.stop}>
      {t('autoplay_stop', { left: autoplay.left })}
    </Button>
  ) : (
    <Button variant="default" disabled={disabled} onClick={() => void autoplay.start()}>
      {t('autoplay', { count: AUTOPLAY_ROUNDS })}
    </Button>
  );
}
