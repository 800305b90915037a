import {
  formatAmount,
  type PointReward,
  type PointRewardType,
  pointRewardTypes,
} from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemReward, usePointRewards } from '../api/use-points';
import { PaymentPasswordDialog } from './payment-password-dialog';

const ALL = 'all';

/** The catalogue with its filters, and the redeem dialog with the payment password. */
export function RewardCatalogue(props: {
  balance: number | undefined;
  currency: string;
  onRedeemed: () => void;
}) {
  const { t } = useTranslation('points');
  const [type, setType] = useState<PointRewardType | typeof ALL>(ALL);
  const [affordable, setAffordable] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const rewards = usePointRewards({
    type: type === ALL ? undefined : type,
    affordable,
    pageNo,
  });
  const [chosen, setChosen] = useState<PointReward | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={type}
          onChange={(value) => {
            setType(value as PointRewardType | typeof ALL);
            setPageNo(1);
          }}
          data={[ALL, ...pointRewardTypes].map((value) => ({
            value,
            label: t(`type_${value}`),
          }))}
        />
        <Switch
          label={t('affordable_only')}
          checked={affordable}
          onChange={(event) => {
            setAffordable(event.currentTarget.checked);
            setPageNo(1);
          }}
        />
      </Group>
      {rewards.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : rewards.isError ? (
        <Alert color="red" role="alert">
          {errorText(t, rewards.error)}
        </Alert>
      ) : rewards.data.list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('no_rewards')}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {rewards.data.list.map((reward) => (
              <RewardCard
                key={reward.id}
                reward={reward}
                currency={props.currency}
                canAfford={props.balance !== undefined && props.balance >= reward.points}
                onRedeem={() => setChosen(reward)}
              />
            ))}
          </SimpleGrid>
          {rewards.data.totalPages > 1 && (
            <Pagination
              total={rewards.data.totalPages}
              value={pageNo}
              onChange={setPageNo}
              mx="auto"
            />
          )}
        </>
      )}
      {chosen && (
        <RedeemDialog
          reward={chosen}
          currency={props.currency}
          onClose={() => setChosen(null)}
          onRedeemed={props.onRedeemed}
        />
      )}
    </Stack>
  );
}

function RewardCard(props: {
  reward: PointReward;
  currency: string;
  canAfford: boolean;
  onRedeem: () => void;
}) {
  const { t } = useTranslation('points');
  const { reward } = props;
  const soldOut = reward.stock === 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="point-reward">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} lineClamp={2}>
            {reward.name}
          </Text>
          <Badge variant="light">{t(`type_${reward.type}`)}</Badge>
        </Group>
        {reward.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {reward.description}
          </Text>
        )}
        {reward.amount > 0 && (
          <Text size="sm">
            {t('reward_value', { amount: `${formatAmount(reward.amount)} ${props.currency}` })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {reward.stock === null ? t('stock_unlimited') : t('stock_left', { stock: reward.stock })}
        </Text>
        <Group justify="space-between" mt="auto">
          <Text fw={700} c="yellow.7">
            {t('points_count', { points: reward.points.toLocaleString() })}
          </Text>
          <Button size="xs" disabled={soldOut || !props.canAfford} onClick={props.onRedeem}>
            {soldOut ? t('sold_out') : t('redeem')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RedeemDialog(props: {
  reward: PointReward;
  currency: string;
  onClose: () => void;
  onRedeemed: () => void;
}) {
  const { t } = useTranslation('points');
  const { reward } = props;
  const [quantity, setQuantity] = useState<number | string>(1);
  // One key per intended redemption: a double click or a retry redeems once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const units = typeof quantity === 'number' ? quantity : 1;
  const redeem = useMutation({
    mutationFn: (paymentPassword: string) =>
      redeemReward({ rewardId: reward.id, quantity: units, paymentPassword }, idempotencyKey),
    onSuccess: props.onRedeemed,
  });
  return (
    <PaymentPasswordDialog
      opened
      title={t('redeem_title', { name: reward.name })}
      submitLabel={t('redeem_confirm', { points: (reward.points * units).toLocaleString() })}
      onClose={props.onClose}
      onSubmit={(password) => redeem.mutate(password)}
      pending={redeem.isPending}
      error={redeem.error}
      done={
        redeem.data && (
          <Alert color="teal" variant="light" role="status" data-testid="redeem-done">
            {redeem.data.status === 'Approved'
              ? t('redeem_approved', { reference: redeem.data.referenceNo })
              : t('redeem_in_process', { reference: redeem.data.referenceNo })}
          </Alert>
        )
      }
    >
      {reward.maxQuantity > 1 && (
        <NumberInput
          label={t('quantity')}
          min={1}
          max={Math.min(reward.maxQuantity, reward.stock ?? reward.maxQuantity)}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
        />
      )}
      <Text size="sm">
        {t('redeem_costs', { points: (reward.points * units).toLocaleString() })}
      </Text>
      {reward.amount > 0 && (
        <Text size="sm" c="dimmed">
          {t('reward_value', {
            amount: `${formatAmount(reward.amount * units)} ${props.currency}`,
          })}
        </Text>
      )}
    </PaymentPasswordDialog>
  );
}
