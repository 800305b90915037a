import { Alert, Anchor, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { useMemberProfile } from './api/member-calls';
import { MemberActions } from './member-actions';
import { BalancesTab } from './member-balances-tab';
import { LoginsTab } from './member-logins-tab';
import { NotesTab } from './member-notes-tab';
import { ProfileTab } from './member-profile-tab';
import { GamesTab, LotteryTab } from './member-records-tabs';
import { StatusBadge } from './members-page';

const tabs = ['profile', 'balances', 'games', 'lottery', 'logins', 'notes'] as const;
type Tab = (typeof tabs)[number];

/** One member: the profile and the actions the role holds, each record in its own tab. */
export default function MemberProfilePage() {
  const { t } = useTranslation();
  const memberId = useParams().memberId ?? '';
  const [tab, setTab] = useState<Tab>('profile');
  const profile = useMemberProfile(memberId);
  const member = profile.data;
  return (
    <Stack>
      <Anchor component={Link} to="/members" size="sm">
        ← {t('members.back')}
      </Anchor>
      {profile.error && <Alert color="red">{errorText(t, profile.error)}</Alert>}
      {!member && !profile.error && <Loader size="sm" />}
      {member && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={2} data-testid="member-account">
                  {member.account}
                </Title>
                <StatusBadge status={member.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {t(`members.kind.${member.kind}`)} · {t('members.id')} {member.id}
              </Text>
            </Stack>
            <MemberActions member={member} />
          </Group>
          <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)}>
            <Tabs.List mb="md">
              {tabs.map((value) => (
                <Tabs.Tab key={value} value={value} data-testid={`member-tab-${value}`}>
                  {t(`members.tabs.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {tab === 'profile' && <ProfileTab member={member} />}
          {tab === 'balances' && <BalancesTab member={member} />}
          {tab === 'games' && <GamesTab memberId={member.id} />}
          {tab === 'lottery' && <LotteryTab memberId={member.id} />}
          {tab === 'logins' && <LoginsTab memberId={member.id} />}
          {tab === 'notes' && <NotesTab memberId={member.id} />}
        </>
      )}
    </Stack>
  );
}
