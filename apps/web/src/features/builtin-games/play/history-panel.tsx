import { type BuiltinRound, formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRoundHistory } from '../api/play-api';
import { verifyLinkOf } from '../verify/verify-link';

/** The member's rounds of this game, newest first, each with its proof and a verify link. */
export function HistoryPanel({ gameSession, currency }: { gameSession: string; currency: string }) {
  const { t } = useTranslation(['builtin-games', 'errors']);
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<{ list: BuiltinRound[]; totalPages: number } | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let cancelled = false;
    setPage(null);
    fetchRoundHistory(gameSession, pageNo).then(
      (value) => !cancelled && setPage(value),
      (failure: unknown) => !cancelled && setError(failure),
    );
    return () => {
      cancelled = true;
    };
  }, [gameSession, pageNo]);

  if (error) return <Text c="red">{errorText(t, error)}</Text>;
  if (!page) return <Loader type="dots" />;
  if (page.list.length === 0) return <Text c="dimmed">{t('builtin-games:history_empty')}</Text>;
  return (
    <Stack gap="sm">
      {page.list.map((round) => (
        <Stack
          key={round.roundId}
          gap={2}
          p="xs"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
          data-testid="builtin-history-round"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fz="sm" fw={600}>
              #{round.roundId}
            </Text>
            <Badge variant="light" color={round.status === 'settled' ? 'teal' : 'gray'}>
              {t(`builtin-games:status_${round.status}`)}
            </Badge>
          </Group>
          <Text fz="sm">
            {t('builtin-games:stake')}: {formatAmount(round.stake)} {currency} ·{' '}
            {t('builtin-games:payout')}: {formatAmount(round.payout)} {currency}
            {round.payoutCapped ? ` (${t('builtin-games:capped')})` : ''}
          </Text>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('builtin-games:nonce')}: {round.proof.nonce} · {t('builtin-games:client_seed')}:{' '}
            {round.proof.clientSeed}
          </Text>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('builtin-games:server_seed_hash')}: {round.proof.serverSeedHash}
          </Text>
          {round.proof.serverSeed ? (
            <Anchor href={verifyLinkOf(round)} target="_blank" fz="sm">
              {t('builtin-games:verify_round')}
            </Anchor>
          ) : (
            <Text fz="xs" c="dimmed">
              {t('builtin-games:verify_after_rotate')}
            </Text>
          )}
        </Stack>
      ))}
      <Group justify="space-between">
        <Button
          size="compact-sm"
          variant="default"
          disabled={pageNo <= 1}
          onClick={() => setPageNo(pageNo - 1)}
        >
          {t('builtin-games:newer')}
        </Button>
        <Text fz="sm">
          {pageNo} / {Math.max(1, page.totalPages)}
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          disabled={pageNo >= page.totalPages}
          onClick={() => setPageNo(pageNo + 1)}
        >
          {t('builtin-games:older')}
        </Button>
      </Group>
    </Stack>
  );
}
