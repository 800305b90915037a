import type { LotteryDraw, LotteryFormat } from '@app/contract/client';
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DrawVerification, verifyDraw } from '../model/verify-draw';

/**
 * Commit and reveal of a house draw: the seed hash published at opening, the seed revealed
 * after drawing, and a button that recomputes the result here, in the browser.
 */
export function DrawFairness({ draw, format }: { draw: LotteryDraw; format: LotteryFormat }) {
  const { t } = useTranslation('lottery');
  const [check, setCheck] = useState<DrawVerification | 'failed' | null>(null);
  if (!draw.seedHash) return null;
  const { seed, drawKey, result, seedHash } = draw;
  const canVerify = seed !== null && drawKey !== null && result !== null;

  const onVerify = () => {
    if (!canVerify) return;
    try {
      setCheck(verifyDraw({ format, seed, seedHash, drawKey, result }));
    } catch {
      setCheck('failed');
    }
  };

  const verified = check !== null && check !== 'failed' && check.hashMatches && check.resultMatches;
  return (
    <Stack gap={4} data-testid="draw-fairness">
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('seed_hash')}: <Code>{seedHash}</Code>
      </Text>
      {seed && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('seed')}: <Code>{seed}</Code>
        </Text>
      )}
      {drawKey && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('draw_key')}: <Code>{drawKey}</Code>
        </Text>
      )}
      {canVerify ? (
        <Button size="compact-sm" variant="light" w="fit-content" onClick={onVerify}>
          {t('verify_draw')}
        </Button>
      ) : (
        <Text size="xs">{t('seed_after_draw')}</Text>
      )}
      {check !== null && (
        <Alert color={verified ? 'teal' : 'red'} role="status" data-testid="verify-outcome">
          {check === 'failed'
            ? t('verify_failed')
            : verified
              ? t('verify_ok')
              : t(check.hashMatches ? 'verify_result_differs' : 'verify_hash_differs')}
        </Alert>
      )}
    </Stack>
  );
}
