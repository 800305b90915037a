import { formatAmount } from '@app/contract/client';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import {
  convertPoints,
  usePointBalance,
  usePointConfig,
  useRefreshPoints,
} from '../api/use-points';
import { usePointsTexts } from '../points-texts';

// The member's lists load when their tab opens: the catalogue is what the page opens on.
const RedemptionTable = lazyWithRetry(() =>
  import('./point-tables').then((module) => ({ default: module.RedemptionTable })),
);
const PointHistoryTable = lazyWithRetry(() =>
  import('./point-tables').then((module) => ({ default: module.PointHistoryTable })),
);

import { PaymentPasswordDialog } from './payment-password-dialog';
import { RewardCatalogue } from './reward-catalogue';

/**
 * SPEC §2 /pointMall: the member's points, the catalogue with its filters and the redeem dialog,
 * the member's redemptions and the points history. `onCashChanged` lets the app refresh the
 * wallet balance after a cash reward or a conversion. Loaded lazily, under a Suspense.
 */
export default function PointMallPage(props: {
  loggedIn: boolean;
  onLogin: () => void;
  onCashChanged?: () => void;
}) {
  usePointsTexts();
  const { t } = useTranslation('points');
  if (!props.loggedIn) {
    return (
      <Paper withBorder radius="lg" p="xl" maw={560} mx="auto">
        <Stack align="center" gap="md">
          <Title order={1} fz={24}>
            {t('title')}
          </Title>
          <Text c="dimmed" ta="center">
            {t('login_required')}
          </Text>
          <Button onClick={props.onLogin}>{t('login')}</Button>
        </Stack>
      </Paper>
    );
  }
  return <PointMall onCashChanged={props.onCashChanged} />;
}

function PointMall({ onCashChanged }: { onCashChanged?: (() => void) | undefined }) {
  const { t } = useTranslation('points');
  const balance = usePointBalance();
  const config = usePointConfig();
  const refresh = useRefreshPoints();
  const [converting, setConverting] = useState(false);
  const currency = config.data?.currency ?? '';
  const changed = () => {
    void refresh();
    onCashChanged?.();
  };

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('never_expire')}
            </Text>
          </Stack>
          <Group gap="lg" align="center" wrap="wrap">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('my_points')}
              </Text>
              {balance.isPending ? (
                <Skeleton height={36} width={120} />
              ) : (
                <Text fz={32} fw={800} c="yellow.7" lh={1.2} data-testid="points-balance">
                  {(balance.data?.balance ?? 0).toLocaleString()}
                </Text>
              )}
              {(balance.data?.held ?? 0) > 0 && (
                <Text size="xs" c="dimmed">
                  {t('points_held', { points: (balance.data?.held ?? 0).toLocaleString() })}
                </Text>
              )}
            </Stack>
            {config.data?.convertEnabled && (
              <Button variant="light" onClick={() => setConverting(true)}>
                {t('convert')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Tabs defaultValue="rewards" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="rewards">{t('tab_rewards')}</Tabs.Tab>
            <Tabs.Tab value="redemptions">{t('tab_redemptions')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('tab_history')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="rewards">
            <RewardCatalogue
              balance={balance.data?.balance}
              currency={currency}
              onRedeemed={changed}
            />
          </Tabs.Panel>
          <Tabs.Panel value="redemptions">
            <Suspense fallback={<Skeleton height={120} />}>
              <RedemptionTable currency={currency} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <Suspense fallback={<Skeleton height={120} />}>
              <PointHistoryTable />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Paper>
      {converting && config.data && (
        <ConvertDialog
          config={config.data}
          onClose={() => setConverting(false)}
          onConverted={changed}
        />
      )}
    </Stack>
  );
}

function ConvertDialog(props: {
  config: { pointsPerStep: number; amountPerStep: number; minPoints: number; currency: string };
  onClose: () => void;
  onConverted: () => void;
}) {
  const { t } = useTranslation('points');
  const { config } = props;
  const [points, setPoints] = useState<number | string>(config.minPoints);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const count = typeof points === 'number' ? points : 0;
  const steps = Math.floor(count / config.pointsPerStep);
  const convert = useMutation({
    mutationFn: (paymentPassword: string) =>
      convertPoints({ points: count, paymentPassword }, idempotencyKey),
    onSuccess: props.onConverted,
  });
  return (
    <PaymentPasswordDialog
      opened
      title={t('convert_title')}
      submitLabel={t('convert_confirm')}
      onClose={props.onClose}
      onSubmit={(password) => convert.mutate(password)}
      pending={convert.isPending}
      error={convert.error}
      done={
        convert.data && (
          <Alert color="teal" variant="light" role="status" data-testid="convert-done">
            {t('convert_done', {
              points: convert.data.points.toLocaleString(),
              amount: `${formatAmount(convert.data.amount)} ${config.currency}`,
            })}
          </Alert>
        )
      }
    >
      <Text size="sm">
        {t('convert_rate', {
          points: config.pointsPerStep.toLocaleString(),
          amount: `${formatAmount(config.amountPerStep)} ${config.currency}`,
        })}
      </Text>
      <NumberInput
        label={t('points')}
        description={t('convert_min', { points: config.minPoints.toLocaleString() })}
        min={config.minPoints}
        step={config.pointsPerStep}
        allowDecimal={false}
        allowNegative={false}
        value={points}
        onChange={setPoints}
        data-testid="convert-points"
      />
      <Text size="sm" fw={600}>
        {t('convert_receive', {
          amount: `${formatAmount(steps * config.amountPerStep)} ${config.currency}`,
        })}
      </Text>
    </PaymentPasswordDialog>
  );
}
