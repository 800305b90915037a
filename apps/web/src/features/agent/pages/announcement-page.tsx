import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAgentAnnouncements } from '../api/announcements';
import { ErrorNote } from '../components/centre-parts';

/** The announcement page: the operator's agents-only announcements, newest first. */
export default function AnnouncementPage() {
  const { t, i18n } = useTranslation('agent-centre');
  const announcements = useAgentAnnouncements();
  const items = announcements.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md" data-testid="agent-announcements">
      {announcements.error && <ErrorNote error={announcements.error} />}
      {announcements.isPending && <Loader size="sm" />}
      {announcements.data && items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('no_announcements')}
        </Text>
      )}
      {items.map((item) => (
        <Paper key={item.id} withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={5}>{item.title}</Title>
            <Text size="xs" c="dimmed">
              {new Date(item.publishedAt).toLocaleString(i18n.language)}
            </Text>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save and again when served */}
            <div dangerouslySetInnerHTML={{ __html: item.content }} />
          </Stack>
        </Paper>
      ))}
      {announcements.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          loading={announcements.isFetchingNextPage}
          onClick={() => announcements.fetchNextPage()}
        >
          {t('more')}
        </Button>
      )}
    </Stack>
  );
}
