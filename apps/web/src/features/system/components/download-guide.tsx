import { type KnownResourceType, resourceTypes, type SystemStatus } from '@app/contract/client';
import { Anchor, Button, Group, List, Paper, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../../../lib/installable-app';
import { ResourceQr } from './resource-qr';

type Platform = 'android' | 'ios';

/** SPEC §2: four steps per platform; step one's QR needs the platform's resource. */
const STEP_KEYS: Record<Platform, readonly [string, string, string]> = {
  android: ['android_step2', 'android_step3', 'android_step4'],
  ios: ['ios_step2', 'ios_step3', 'ios_step4'],
};
const RESOURCE_OF: Record<Platform, KnownResourceType> = {
  android: resourceTypes.android,
  ios: resourceTypes.ios,
};

function StepNumber({ n }: { n: number }) {
  return (
    <ThemeIcon radius="xl" size={28} variant="light" aria-hidden="true">
      <Text fw={700} size="sm">
        {n}
      </Text>
    </ThemeIcon>
  );
}

function PlatformSteps({
  platform,
  resources,
}: {
  platform: Platform;
  resources: SystemStatus['resources'];
}) {
  const { t } = useTranslation('download');
  const resource = resources.find((entry) => entry.resourceType === RESOURCE_OF[platform]);
  return (
    <List
      type="ordered"
      listStyleType="none"
      spacing="md"
      p={0}
      aria-label={t(`steps_${platform}`)}
    >
      <List.Item icon={<StepNumber n={1} />}>
        <Stack gap="xs">
          <Text>{t(resource ? `${platform}_step1` : `${platform}_step1_noqr`)}</Text>
          {resource && (
            <Group align="flex-end" gap="md">
              <ResourceQr
                resourceType={resource.resourceType}
                alt={t('qr_alt', { label: resource.labelNameEn ?? resource.resourceType })}
              />
              <Anchor href={resource.url} target="_blank" rel="noopener noreferrer" size="sm">
                {t('open_link')}
              </Anchor>
            </Group>
          )}
        </Stack>
      </List.Item>
      {STEP_KEYS[platform].map((key, index) => (
        <List.Item key={key} icon={<StepNumber n={index + 2} />}>
          {t(key)}
        </List.Item>
      ))}
    </List>
  );
}

/** SPEC §2 add-to-home-screen and app download guide: Android and iOS tabs, four steps each. */
export function DownloadGuide({ resources }: { resources: SystemStatus['resources'] }) {
  const { t } = useTranslation('download');
  const install = useInstallPrompt();
  const isApple = /iPhone|iPad|iPod|Macintosh/.test(navigator.userAgent);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="guide-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Text id="guide-title" fw={700} fz="lg">
            {t('guide_title')}
          </Text>
          {install && <Button onClick={install}>{t('install_button')}</Button>}
        </Group>
        <Tabs defaultValue={isApple ? 'ios' : 'android'}>
          <Tabs.List>
            <Tabs.Tab value="android">{t('tab_android')}</Tabs.Tab>
            <Tabs.Tab value="ios">{t('tab_ios')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="android" pt="md">
            <PlatformSteps platform="android" resources={resources} />
          </Tabs.Panel>
          <Tabs.Panel value="ios" pt="md">
            <PlatformSteps platform="ios" resources={resources} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
