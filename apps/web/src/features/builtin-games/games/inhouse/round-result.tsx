import type { BuiltinRound } from '@app/contract/client';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './inhouse-format';
import { INHOUSE_NAMESPACE } from './inhouse-texts';

/** Only a payout above the stake is a win worth celebrating (a partial return is not). */
export function isCelebrated(round: Pick<BuiltinRound, 'stake' | 'payout'>): boolean {
  return round.payout > round.stake;
}

/** The settled round's line: a win, a partial return (not celebrated) or no win. */
export function RoundResult({ round, currency }: { round: BuiltinRound; currency: string }) {
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const amount = formatMoney(round.payout, currency);
  const text = isCelebrated(round)
    ? t('result_won', { amount })
    : round.payout > 0
      ? t('result_returned', { amount })
      : t('result_lost');
  return (
    <Alert
      role="status"
      variant={isCelebrated(round) ? 'filled' : 'light'}
      color={isCelebrated(round) ? 'teal' : 'gray'}
      data-testid="round-result"
      data-payout={round.payout}
    >
      <Text fw={isCelebrated(round) ? 700 : 400}>{text}</Text>
      {round.payoutCapped ? <Text size="sm">{t('result_capped', { amount })}</Text> : null}
    </Alert>
  );
}
