import { CloseButton, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HelpCenter } from '../../features/content/components/help-center';

/** SPEC §2 /help: the help centre (its w_help banners come from the layout's RouteBanner); closing returns home. Loaded lazily. */
export default function HelpPage() {
  const { t } = useTranslation('content');
  const { hash } = useLocation();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="center" wrap="nowrap">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('help_center')}
            </Title>
            <CloseButton aria-label={t('close')} onClick={() => void navigate('/')} />
          </Group>
          <HelpCenter hash={hash} />
        </Stack>
      </Paper>
    </Stack>
  );
}
