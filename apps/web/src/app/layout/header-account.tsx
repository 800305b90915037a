import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DepositButton } from '../../features/payments/components/deposit-button';
import { WithdrawButton } from '../../features/payments/components/withdraw-button';
import { useSession } from '../../features/session/hooks/use-session';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { BalanceDisplay } from '../../features/wallet/components/balance-display';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { MemberCentreHost } from '../member-centre/member-centre-host';
import { openMemberCentre } from '../member-centre/member-centre-store';

// The dropdown (and its positioning library) is for members only: guests never load it.
const AccountMenu = lazy(() => import('../../features/session/components/account-menu'));

/** The right side of the header: login and register, or the member's name, balance and menu. */
export function HeaderAccount() {
  const { t } = useTranslation('common');
  const { member, isLoggedIn, isRestoring } = useSession();
  const { data: status } = useSystemStatus();
  const { open } = useAuthModals();
  const queryClient = useQueryClient();

  if (isRestoring) return <Skeleton height={36} width={180} radius="xl" />;

  if (isLoggedIn && member) {
    return (
      <Group gap="sm" wrap="nowrap">
        <Text fw={600} size="sm" visibleFrom="sm" truncate maw={160} data-testid="header-account">
          {member.account}
        </Text>
        <BalanceDisplay currencySymbol={status?.merchant.currencySymbol} />
        <DepositButton />
        <WithdrawButton
          onRequested={() => void queryClient.invalidateQueries({ queryKey: balanceQueryKey })}
        />
        <Suspense fallback={<Skeleton height={36} circle />}>
          <AccountMenu
            member={member}
            onChangePassword={() => open('changePassword')}
            onMemberCentre={() => openMemberCentre('transferFund')}
            onAccountRecord={() => openMemberCentre('transactionHistory')}
          />
        </Suspense>
        <MemberCentreHost />
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" onClick={() => open('login')}>
        {t('login')}
      </Button>
      {status?.whiteLabel.directRegistration && (
        <Button onClick={() => open('register')}>{t('register')}</Button>
      )}
    </Group>
  );
}
