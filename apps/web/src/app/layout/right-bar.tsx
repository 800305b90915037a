import { resourceTypes } from '@app/contract/client';
import { ActionIcon, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { ChatIcon, FacebookIcon, PhoneDownloadIcon, TelegramIcon } from './layout-icons';
import { resourceOf } from './site-links';
import { useCustomerService } from './use-customer-service';

/**
 * SPEC §2 right bar: download, live chat, Facebook, Telegram, floating at the right edge on
 * wide screens (phones reach the same links through the drawer and the footer).
 */
export default function RightBar() {
  const { t } = useTranslation('layout');
  const { data: status } = useSystemStatus();
  const openCustomerService = useCustomerService();
  const facebook = resourceOf(status, resourceTypes.facebook);
  const telegram = resourceOf(status, resourceTypes.telegram);
  const common = { variant: 'subtle', color: 'gray', size: 44, radius: 'md' } as const;
  return (
    <Paper
      component="aside"
      aria-label={t('quick_links')}
      shadow="md"
      radius="lg"
      p={6}
      withBorder
      visibleFrom="lg"
      data-testid="right-bar"
      style={{
        position: 'fixed',
        right: 12,
        top: '50%',
        transform: 'translateY(-50%)',
        zIndex: 90,
      }}
    >
      <Stack gap={4}>
        <ActionIcon
          component={Link}
          to="/download"
          aria-label={t('app_download')}
          title={t('app_download')}
          {...common}
        >
          <PhoneDownloadIcon size={22} />
        </ActionIcon>
        {openCustomerService && (
          <ActionIcon
            onClick={openCustomerService}
            aria-label={t('live_chat')}
            title={t('live_chat')}
            {...common}
          >
            <ChatIcon size={22} />
          </ActionIcon>
        )}
        {facebook && (
          <ActionIcon
            component="a"
            href={facebook.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('facebook')}
            title={t('facebook')}
            {...common}
          >
            <FacebookIcon size={22} />
          </ActionIcon>
        )}
        {telegram && (
          <ActionIcon
            component="a"
            href={telegram.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('telegram')}
            title={t('telegram')}
            {...common}
          >
            <TelegramIcon size={22} />
          </ActionIcon>
        )}
      </Stack>
    </Paper>
  );
}
