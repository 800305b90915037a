import { INHOUSE_RTP } from '@app/game-math/inhouse-multiplier';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INHOUSE_NAMESPACE } from './inhouse-texts';

/** The declared return and house edge, and how fairness works, under each Rules screen. */
export function RtpLine() {
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const rtp = Math.round(INHOUSE_RTP * 100);
  return (
    <>
      <Text fw={600} data-testid="rules-rtp">
        {t('rtp', { rtp, edge: 100 - rtp })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('rules_fair')}
      </Text>
    </>
  );
}
