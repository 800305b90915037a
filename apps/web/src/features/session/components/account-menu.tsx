import type { MemberInfo } from '@app/contract/client';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoutIcon, UserIcon } from '../../../components/icons';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { useMemberIcon } from '../api/use-member-icon';

export interface AccountMenuProps {
  member: MemberInfo;
  onChangePassword?: () => void;
  /** Agents only (SPEC §2: agent centre if agent). */
  onAgentCentre?: (() => void) | undefined;
  /** Opens the member centre (SPEC §2 avatar dropdown: member centre, account record). */
  onMemberCentre?: () => void;
  onAccountRecord?: () => void;
  /** SPEC §2 avatar dropdown: betting record. */
  onBettingRecord?: () => void;
}

const LogoutDialog = lazyWithRetry(() => import('./logout-dialog'));

function initials(member: MemberInfo): string {
  return (member.nickname || member.account).slice(0, 2).toUpperCase();
}

/** The avatar dropdown of the header (SPEC §2); the app decides which entries it offers. */
export default function AccountMenu({
  member,
  onChangePassword,
  onMemberCentre,
  onAccountRecord,
  onBettingRecord,
  onAgentCentre,
}: AccountMenuProps) {
  const { t } = useTranslation('session');
  const [confirming, setConfirming] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  // The server draws the avatar (GET /wps/member/info/icon); initials show until it arrives.
  const { data: icon } = useMemberIcon(member.id);

  const askSignOut = () => {
    setDialogLoaded(true);
    setConfirming(true);
  };

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" withArrow>
        <Menu.Target>
          <UnstyledButton aria-label={t('account_menu')} style={{ borderRadius: '50%' }}>
            <Avatar
              color="initials"
              name={member.account}
              radius="xl"
              size={36}
              src={icon?.icon ?? null}
              alt=""
              data-testid="member-avatar"
            >
              {initials(member)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Group gap="sm" px="sm" py="xs" wrap="nowrap">
            <UserIcon size={18} />
            <div>
              <Text fw={600} size="sm" data-testid="menu-account">
                {member.account}
              </Text>
              {member.nickname && member.nickname !== member.account && (
                <Text size="xs" c="dimmed">
                  {member.nickname}
                </Text>
              )}
            </div>
          </Group>
          <Menu.Divider />
          {onMemberCentre && <Menu.Item onClick={onMemberCentre}>{t('member_centre')}</Menu.Item>}
          {onAccountRecord && (
            <Menu.Item onClick={onAccountRecord}>{t('account_record')}</Menu.Item>
          )}
          {onBettingRecord && (
            <Menu.Item onClick={onBettingRecord}>{t('betting_record')}</Menu.Item>
          )}
          {onAgentCentre && <Menu.Item onClick={onAgentCentre}>{t('agent_centre')}</Menu.Item>}
          {onChangePassword && (
            <Menu.Item onClick={onChangePassword}>{t('change_password')}</Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<LogoutIcon size={16} />} onClick={askSignOut}>
            {t('sign_out')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <LogoutDialog opened={confirming} onClose={() => setConfirming(false)} />
        </Suspense>
      )}
    </>
  );
}
