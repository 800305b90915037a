import type { Announcement } from '@app/contract/client';
import {
  Button,
  Center,
  Grid,
  Loader,
  Modal,
  NavLink,
  Pagination,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../api/content-api';
import { HtmlContent } from './html-content';

interface AnnouncementModalProps {
  opened: boolean;
  onClose: () => void;
  /** Shown first (the popup announcement after login); else the newest of the page. */
  initial?: Announcement | undefined;
  /** Called with each announcement the detail pane shows (it then counts as read). */
  onShown?: ((id: string) => void) | undefined;
}

function formatDate(ms: number, language: string): string {
  return new Date(ms).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** SPEC §2: the announcement notice, 9 titles a page beside the chosen one's text. */
export default function AnnouncementModal({
  opened,
  onClose,
  initial,
  onShown,
}: AnnouncementModalProps) {
  const { t, i18n } = useTranslation('content');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | undefined>(initial?.id);
  const { data, isPending } = useAnnouncements(page, opened);
  // Phones (below `sm`) show the list or one announcement, never one under the other: a tapped
  // title used to open its text below nine titles, off the screen (issue 22).
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [reading, setReading] = useState(initial !== undefined);

  useEffect(() => {
    if (initial) setSelectedId(initial.id);
    setReading(initial !== undefined);
  }, [initial]);

  const list = data?.list ?? [];
  const selected =
    list.find((item) => item.id === selectedId) ??
    (initial?.id === selectedId ? initial : undefined) ??
    list[0];
  const shownId = opened ? selected?.id : undefined;

  useEffect(() => {
    if (shownId) onShown?.(shownId);
  }, [shownId, onShown]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('announcements')}
      size={860}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {isPending ? (
        <Center mih={240}>
          <Loader aria-label={t('loading')} />
        </Center>
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('no_announcements')}</Text>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 5 }} display={phone && reading ? 'none' : undefined}>
            <Stack gap="sm">
              <nav aria-label={t('announcement_list')}>
                {list.map((item) => (
                  <NavLink
                    key={item.id}
                    component="button"
                    label={item.title}
                    description={formatDate(item.publishedAt, i18n.language)}
                    active={item.id === selected?.id}
                    aria-current={item.id === selected?.id}
                    onClick={() => {
                      setSelectedId(item.id);
                      setReading(true);
                    }}
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                ))}
              </nav>
              {(data?.totalPages ?? 0) > 1 && (
                <Pagination
                  total={data?.totalPages ?? 1}
                  value={page}
                  onChange={(next) => {
                    setPage(next);
                    setSelectedId(undefined);
                  }}
                  siblings={1}
                  boundaries={1}
                  size="sm"
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? t('previous_page') : t('next_page'),
                  })}
                  getItemProps={(item) => ({ 'aria-label': t('page_n', { n: item }) })}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }} display={phone && !reading ? 'none' : undefined}>
            {phone && (
              <Button variant="subtle" px={0} mb="xs" onClick={() => setReading(false)}>
                {`‹ ${t('back_to_announcements')}`}
              </Button>
            )}
            {selected && (
              <ScrollArea.Autosize mah={phone ? undefined : '60vh'} type="auto">
                <article aria-labelledby="announcement-title">
                  <Title order={3} id="announcement-title" fz="lg">
                    {selected.title}
                  </Title>
                  <Text size="xs" c="dimmed" mb="sm">
                    {formatDate(selected.publishedAt, i18n.language)}
                  </Text>
                  <HtmlContent html={selected.content} />
                </article>
              </ScrollArea.Autosize>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Modal>
  );
}
