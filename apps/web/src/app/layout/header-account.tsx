import { agentMemberTypes, memberTypes } from '@app/contract/client';
import { Box, Button, Group, Skeleton, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DepositButton } from '../../features/payments/components/deposit-button';
import { WithdrawButton } from '../../features/payments/components/withdraw-button';
import { FreePlayButton } from '../../features/session/components/free-play-button';
import { useSession } from '../../features/session/hooks/use-session';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { balanceQueryKey } from '../../features/wallet/api/use-balance';
import { BalanceDisplay } from '../../features/wallet/components/balance-display';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { showTrialWarning } from '../../lib/trial-warning';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { MemberCentreHost } from '../member-centre/member-centre-host';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { MemberLabels } from './member-labels';
import { agentEntryOf } from './site-links';

// The dropdown (and its positioning library) is for members only: guests never load it.
const AccountMenu = lazyWithRetry(() => import('../../features/session/components/account-menu'));
const AgentCentreModal = lazyWithRetry(() => import('./agent-centre-host'));

/** The merchant's contract switches: each contract page shows only when its switch is on. */
/** The right side of the header: login and register, or the member's name, balance and menu. */
export function HeaderAccount() {
  const { t } = useTranslation('common');
  const { member, isLoggedIn, isRestoring } = useSession();
  const { data: status } = useSystemStatus();
  const { open, close } = useAuthModals();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [agentCentre, setAgentCentre] = useState({ loaded: false, opened: false });

  if (isRestoring) return <Skeleton height={36} width={180} radius="xl" />;

  if (isLoggedIn && member) {
    // A trial account sees the member buttons; each answers with the warning (SPEC §6).
    const isTrial = member.type === memberTypes.trial;
    const agentEntry = agentEntryOf(status, agentMemberTypes.includes(member.type));
    return (
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" visibleFrom="sm" truncate maw={160} data-testid="header-account">
          {member.account}
        </Text>
        <Box visibleFrom="sm">
          <MemberLabels member={member} />
        </Box>
        <BalanceDisplay currencySymbol={status?.merchant.currencySymbol} />
        {isTrial ? (
          <TrialMemberButtons />
        ) : (
          <>
            <DepositButton />
            {/* Phones reach Withdraw through the member centre: the header has no room. */}
            <Box visibleFrom="sm">
              <WithdrawButton
                onRequested={() =>
                  void queryClient.invalidateQueries({ queryKey: balanceQueryKey })
                }
              />
            </Box>
          </>
        )}
        <Suspense fallback={<Skeleton height={36} circle />}>
          <AccountMenu
            member={member}
            onChangePassword={isTrial ? showTrialWarning : () => open('changePassword')}
            onAgentCentre={
              agentEntry &&
              (() =>
                agentEntry.kind === 'centre'
                  ? setAgentCentre({ loaded: true, opened: true })
                  : window.open(agentEntry.url, '_blank', 'noopener,noreferrer'))
            }
            onMemberCentre={isTrial ? showTrialWarning : () => openMemberCentre('transferFund')}
            onAccountRecord={
              isTrial ? showTrialWarning : () => openMemberCentre('transactionHistory')
            }
            onBettingRecord={
              isTrial ? showTrialWarning : () => openMemberCentre('personalHistoryCopy')
            }
          />
        </Suspense>
        <MemberCentreHost />
        {agentCentre.loaded && (
          <Suspense fallback={null}>
            <AgentCentreModal
              opened={agentCentre.opened}
              onClose={() => setAgentCentre({ loaded: true, opened: false })}
              onTransferred={() =>
                void queryClient.invalidateQueries({ queryKey: balanceQueryKey })
              }
              whiteLabel={status?.whiteLabel}
            />
          </Suspense>
        )}
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
      {status?.whiteLabel.freePlay && (
        <FreePlayButton
          visibleFrom="sm"
          onStarted={() => {
            close();
            void navigate('/');
          }}
        />
      )}
    </Group>
  );
}

/** Deposit and Withdraw as a trial account sees them: the warning instead of the forms. */
function TrialMemberButtons() {
  const { t } = useTranslation(['payments', 'access']);
  // The demo badge says where the player is and opens what the demo can do and the way out;
  // on phones it takes Deposit's place, which would only answer the same.
  return (
    <>
      <Button
        size="compact-sm"
        color="yellow"
        variant="light"
        onClick={showTrialWarning}
        data-testid="demo-badge"
      >
        {t('access:demo_badge')}
      </Button>
      <Button size="sm" onClick={showTrialWarning} visibleFrom="sm">
        {t('deposit')}
      </Button>
      <Button size="sm" variant="default" onClick={showTrialWarning} visibleFrom="sm">
        {t('withdraw')}
      </Button>
    </>
  );
}
