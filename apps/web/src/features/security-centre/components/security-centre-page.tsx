import type { LanguageCode } from '@app/contract/client';
import { Loader, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSecurityProfile } from '../api/security-api';
import { useSecurityTexts } from '../security-texts';
import { EmailSection, MobileSection } from './contact-section';
import { DevicesSection, HistorySection } from './devices-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';

export interface SecurityCentrePageProps {
  /** The merchant's dialling codes (the first is the default) and languages. */
  dialingCodes: readonly string[];
  languages: readonly LanguageCode[];
  /** Opens the site's change-password form (it also stays in the avatar menu). */
  onChangePassword: () => void;
}

/** The security centre (SPEC §2 securityCenter, "my account"). */
export default function SecurityCentrePage(props: SecurityCentrePageProps) {
  useSecurityTexts();
  const { t } = useTranslation('security');
  const profile = useSecurityProfile();
  if (!profile.data) return <Loader size="sm" />;
  const data = profile.data;
  return (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="profile">{t('tab_profile')}</Tabs.Tab>
        <Tabs.Tab value="contacts">{t('tab_contacts')}</Tabs.Tab>
        <Tabs.Tab value="passwords">{t('tab_passwords')}</Tabs.Tab>
        <Tabs.Tab value="devices">{t('tab_devices')}</Tabs.Tab>
        <Tabs.Tab value="history">{t('tab_history')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile">
        <ProfileSection profile={data} languages={props.languages} />
      </Tabs.Panel>
      <Tabs.Panel value="contacts">
        <Stack gap="lg">
          <EmailSection current={data.email} verified={data.emailVerified} />
          <MobileSection
            current={data.mobile}
            verified={data.mobileVerified}
            dialingCodes={props.dialingCodes}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="passwords">
        <PasswordSection
          paymentPasswordSet={data.paymentPasswordSet}
          mobileBound={data.mobileVerified}
          onChangePassword={props.onChangePassword}
        />
      </Tabs.Panel>
      <Tabs.Panel value="devices">
        <DevicesSection />
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <HistorySection />
      </Tabs.Panel>
    </Tabs>
  );
}
