import { formatAmount, type RouteValue } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Image,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoyaltyTexts } from '../../../lib/loyalty-texts';
import { useMyReferral, useReferralFriends } from '../api/referral-api';

const FRIENDS_PAGE_SIZE = 10;
const QR_SIZE_PX = 132;
const statusColour = { pending: 'yellow', qualified: 'green', refused: 'gray' } as const;

type Rule = NonNullable<RouteValue<'myReferral'>['rule']>;

function rewardText(t: TFunction<'loyalty'>, kind: string, amount: number) {
  return kind === 'points' ? t('points_amount', { points: amount }) : formatAmount(amount);
}

function RuleText({ rule }: { rule: Rule }) {
  const { t } = useTranslation('loyalty');
  return (
    <Text size="sm" data-testid="referral-rule">
      {t(`referral_rule_${rule.qualifyBy}`, {
        threshold: formatAmount(rule.threshold),
        reward: rewardText(t, rule.rewardKind, rule.rewardAmount),
      })}
    </Text>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('loyalty');
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} data-testid={testId} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy}>
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function Friends() {
  const { t } = useTranslation('loyalty');
  const [pageNo, setPageNo] = useState(1);
  const friends = useReferralFriends(pageNo, FRIENDS_PAGE_SIZE);
  if (friends.isPending) return <Skeleton height={120} />;
  if (friends.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(t, friends.error)}
      </Alert>
    );
  }
  if (friends.data.list.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('friends_empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table striped data-testid="referral-friends">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('friend')}</Table.Th>
            <Table.Th>{t('joined')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
            <Table.Th ta="right">{t('reward')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {friends.data.list.map((friend) => (
            <Table.Tr key={`${friend.name}-${friend.registeredAtMs}`}>
              <Table.Td>{friend.name}</Table.Td>
              <Table.Td>{new Date(friend.registeredAtMs).toLocaleDateString()}</Table.Td>
              <Table.Td>
                <Badge color={statusColour[friend.status]} variant="light">
                  {t(`status_${friend.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {friend.rewardAmount === null || friend.rewardKind === null
                  ? '-'
                  : rewardText(t, friend.rewardKind, friend.rewardAmount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {friends.data.totalPages > 1 && (
        <Pagination size="sm" total={friends.data.totalPages} value={pageNo} onChange={setPageNo} />
      )}
    </Stack>
  );
}

/**
 * Member centre page `referral` (invite friends, SPEC §2): the member's code and link with a QR
 * code, the merchant's rule, the totals and the invited friends. Shown only when the merchant's
 * `referralPromo` switch is on.
 */
export default function ReferralPage() {
  useLoyaltyTexts();
  const { t } = useTranslation('loyalty');
  const mine = useMyReferral();
  if (mine.isPending) return <Skeleton height={200} />;
  if (mine.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(t, mine.error)}
      </Alert>
    );
  }
  const value = mine.data;
  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Image
          src={value.qrCodeDataUrl}
          alt={t('qr_alt')}
          w={QR_SIZE_PX}
          h={QR_SIZE_PX}
          radius="sm"
          bg="white"
          p={4}
          data-testid="referral-qr"
        />
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          <CopyField label={t('my_code')} value={value.referralCode} testId="referral-code" />
          <CopyField label={t('my_link')} value={value.referralLink} testId="referral-link" />
        </Stack>
      </Group>
      {value.rule ? (
        <RuleText rule={value.rule} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('referral_no_rule')}
        </Text>
      )}
      <SimpleGrid cols={3}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('invited')}
          </Text>
          <Text fw={600}>{value.invitedCount}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('qualified')}
          </Text>
          <Text fw={600}>{value.qualifiedCount}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('earned')}
          </Text>
          <Text fw={600} data-testid="referral-earned">
            {formatAmount(value.rewardTotal)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Title order={5}>{t('my_friends')}</Title>
      <Friends />
    </Stack>
  );
}
